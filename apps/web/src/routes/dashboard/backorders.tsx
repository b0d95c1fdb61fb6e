import { AdminListPage, addressPage, useAddressPage } from '@/components/ui/admin-list-page';
import { BACKORDERS_PAGE_SIZE, useBackorders } from '@/features/backorders/api/get-backorders';
import { BackordersTable } from '@/features/backorders/components/backorders-table';
import { useAddressFilters } from '@/lib/use-address-filters';

/** /dashboard/backorders, admins only (decision 0238): lines waiting for stock, oldest first. */
const BackordersRoute = () => {
  const { params, setFilters } = useAddressFilters<'page'>();
  const backorders = useBackorders(addressPage(params));
  const { page, pageCount, setPage, total } = useAddressPage(
    params,
    setFilters,
    backorders,
    BACKORDERS_PAGE_SIZE,
  );
  return (
    <AdminListPage
      title="Back-orders"
      count={{ label: 'Lines waiting', value: total, testId: 'backorders-count' }}
      above={
        <p className="mb-4 text-sm text-base-content/80">
          Pieces ordered beyond the stock of parts that allow back-orders. The next stock increase (the
          product form, the products CSV or the ERP&apos;s bulk update) fills them in this order, oldest
          first.
        </p>
      }
      query={backorders}
      subject="the back-orders"
      empty={<p>No pieces are waiting for stock.</p>}
      pager={{ page, pageCount, onPage: setPage, label: 'Pages of back-orders', testId: 'backorders-page' }}
    >
      {(result) => <BackordersTable lines={result.data} />}
    </AdminListPage>
  );
};

export default BackordersRoute;
