import { useCategoryTree } from '@/features/catalogue/api/categories-admin';
import { CategoriesPanel } from '@/features/catalogue/components/categories-panel';
import { QueryState } from '@/components/ui/query-state';

/** /dashboard/categories, admins only (docs/decisions/0220): the catalogue's tree and typed attributes. */
const CategoriesRoute = () => {
  const tree = useCategoryTree();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Categories
      </h2>
      <QueryState
        query={tree}
        loadingLabel="Loading the categories"
        errorText="The categories could not be loaded."
      >
        {(data) => <CategoriesPanel tree={data} />}
      </QueryState>
    </section>
  );
};

export default CategoriesRoute;
