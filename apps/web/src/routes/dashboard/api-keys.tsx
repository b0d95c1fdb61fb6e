import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';

/** /dashboard/apiKeys, admins only (docs/decisions/0234): the shop's keys for its ERP. */
const ApiKeysRoute = () => (
  <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
    <h2 id="dashboard-title" className="text-2xl font-bold">
      API keys
    </h2>
    <ApiKeysPanel owner="shop" />
  </section>
);

export default ApiKeysRoute;
