import { useCustomerGroups } from '@/features/price-lists/api/price-lists';
import { CustomerGroupsPanel } from '@/features/price-lists/components/customer-groups-panel';
import { QueryState } from '@/components/ui/query-state';

/**
 * /dashboard/customerGroups, admins only (decision 0217): named sets of companies that a price list or a
 * part's visibility can name at once. A company joins a group on its own page.
 */
const CustomerGroupsRoute = () => {
  const groups = useCustomerGroups();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Customer groups
      </h2>
      <QueryState
        query={groups}
        loadingLabel="Loading the groups"
        errorText="The groups could not be loaded."
      >
        {(data) => <CustomerGroupsPanel groups={data} />}
      </QueryState>
    </section>
  );
};

export default CustomerGroupsRoute;
