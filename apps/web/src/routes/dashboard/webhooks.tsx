import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';

/** /dashboard/webhooks, admins only (decision 0260): the shop's webhook endpoints for its ERP. */
const WebhooksRoute = () => (
  <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
    <h2 id="dashboard-title" className="text-2xl font-bold">
      Webhooks
    </h2>
    <WebhooksPanel owner="shop" />
  </section>
);

export default WebhooksRoute;
