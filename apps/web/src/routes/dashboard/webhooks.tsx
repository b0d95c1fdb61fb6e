import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/webhooks, admins only (decision 0260): the shop's webhook endpoints for its ERP. */
const WebhooksRoute = () => (
  <DashboardPage title="Webhooks">
    <WebhooksPanel owner="shop" />
  </DashboardPage>
);

export default WebhooksRoute;
