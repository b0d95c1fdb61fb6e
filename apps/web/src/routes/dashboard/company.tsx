import { getProducts } from '@/features/products/api/get-products';
import { CompanyPage } from '@/features/company/components/company-page';
import type { SearchParts } from '@/components/ui/part-combobox';

/** The catalogue's search (part number or name), its first matches: what the saved lists' picker offers. */
const searchParts: SearchParts = async (search, signal) =>
  (await getProducts({ search, page: 1, limit: 10, signal })).products;

/** /dashboard/company: the member's company, or the application for one. */
const CompanyRoute = () => (
  <section className="flex flex-col gap-4">
    <CompanyPage searchParts={searchParts} />
  </section>
);

export default CompanyRoute;
