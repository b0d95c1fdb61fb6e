import { lazy, Suspense } from 'react';
import { getProducts } from '@/features/products/api/get-products';
import type { SearchParts } from '@/components/ui/part-combobox';
import { Loading } from '@/components/ui/spinner';

// The page reads the role tables beside the company schemas, which bring zod: it loads after the route
// renders, as forms load their schemas (docs/decisions/0042).
const CompanyPage = lazy(async () => ({
  default: (await import('@/features/company/components/company-page')).CompanyPage,
}));
const CompanyCertificates = lazy(async () => ({
  default: (await import('@/features/tax/components/company-certificates')).CompanyCertificates,
}));
const ApiKeysPanel = lazy(async () => ({
  default: (await import('@/features/api-keys/components/api-keys-panel')).ApiKeysPanel,
}));

const WebhooksPanel = lazy(async () => ({
  default: (await import('@/features/webhooks/components/webhooks-panel')).WebhooksPanel,
}));

/** The catalogue's search (part number or name), its first matches: what the saved lists' picker offers. */
const searchParts: SearchParts = async (search, signal) =>
  (await getProducts({ search, page: 1, limit: 10, signal })).products;

/** /dashboard/company: the member's company, or the application for one. */
const CompanyRoute = () => (
  <section className="flex flex-col gap-4">
    <Suspense fallback={<Loading label="Loading your company" />}>
      <CompanyPage
        searchParts={searchParts}
        detailsExtra={({ manage, finance }) => <CompanyCertificates canUpload={manage || finance} />}
        apiKeys={
          <Suspense fallback={<Loading label="Loading the API keys" />}>
            <ApiKeysPanel owner="company" />
          </Suspense>
        }
        webhooks={
          <Suspense fallback={<Loading label="Loading the webhooks" />}>
            <WebhooksPanel owner="company" />
          </Suspense>
        }
      />
    </Suspense>
  </section>
);

export default CompanyRoute;
