import { useMyInvoices } from '@/features/invoices/api/get-my-invoices';
import { InvoicesList } from '@/features/invoices/components/invoices-list';
import { ListQueryState } from '@/components/ui/query-state';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/myInvoices: every invoice and credit note of the buyer, as PDF. */
const MyInvoicesRoute = () => {
  const invoices = useMyInvoices();
  return (
    <DashboardPage title="My Invoices">
      <ListQueryState
        query={invoices}
        subject="your invoices"
        empty={<p>No invoices yet: each paid order gets one, and a refund gets a credit note.</p>}
      >
        {(list) => <InvoicesList invoices={list} />}
      </ListQueryState>
    </DashboardPage>
  );
};

export default MyInvoicesRoute;
