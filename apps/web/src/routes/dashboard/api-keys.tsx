import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/apiKeys, admins only (docs/decisions/0234): the shop's keys for its ERP. */
const ApiKeysRoute = () => (
  <DashboardPage title="API keys">
    <ApiKeysPanel owner="shop" />
  </DashboardPage>
);

export default ApiKeysRoute;
