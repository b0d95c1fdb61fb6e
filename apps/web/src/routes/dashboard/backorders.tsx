import { QueryState } from '@/components/ui/query-state';
import { useBackorders } from '@/features/backorders/api/get-backorders';
import { BackordersTable } from '@/features/backorders/components/backorders-table';

/** /dashboard/backorders, admins only (decision 0238): lines waiting for stock, oldest first. */
const BackordersRoute = () => {
  const backorders = useBackorders();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Back-orders
      </h2>
      <p className="text-sm text-base-content/80">
        Pieces ordered beyond the stock of parts that allow back-orders. The next stock increase (the product
        form, the products CSV or the ERP's bulk update) fills them in this order, oldest first.
      </p>
      <QueryState
        query={backorders}
        loadingLabel="Loading the back-orders"
        errorText="The back-orders could not be loaded."
        isEmpty={(lines) => lines.length === 0}
        empty={<p>No pieces are waiting for stock.</p>}
      >
        {(lines) => <BackordersTable lines={lines} />}
      </QueryState>
    </section>
  );
};

export default BackordersRoute;
