import { useMyInvoices } from '@/features/invoices/api/get-my-invoices';
import { InvoicesList } from '@/features/invoices/components/invoices-list';

/** /dashboard/myInvoices: every invoice and credit note of the buyer, as PDF. */
const MyInvoicesRoute = () => {
  const invoices = useMyInvoices();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        My Invoices
      </h2>
      {invoices.isPending ? (
        <div role="status" aria-label="Loading your invoices" className="flex justify-center py-10">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : invoices.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <p>Your invoices could not be loaded.</p>
          <button
            type="button"
            className="btn btn-primary btn-sm mt-3"
            onClick={() => void invoices.refetch()}
          >
            Try again
          </button>
        </div>
      ) : invoices.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-6">
          No invoices yet: each paid order gets one, and a refund gets a credit note.
        </p>
      ) : (
        <InvoicesList invoices={invoices.data} />
      )}
    </section>
  );
};

export default MyInvoicesRoute;
