import { useCustomerGroups } from '@/features/price-lists/api/price-lists';
import { CustomerGroupsPanel } from '@/features/price-lists/components/customer-groups-panel';
import { QueryState } from '@/components/ui/query-state';
import { DashboardPage } from '@/components/ui/dashboard-page';

/**
 * /dashboard/customerGroups, admins only (decision 0217): named sets of companies that a price list or a
 * part's visibility can name at once. A company joins a group on its own page.
 */
const CustomerGroupsRoute = () => {
  const groups = useCustomerGroups();
  return (
    <DashboardPage title="Customer groups">
      <QueryState query={groups} subject="the groups">
        {(data) => <CustomerGroupsPanel groups={data} />}
      </QueryState>
    </DashboardPage>
  );
};

export default CustomerGroupsRoute;
