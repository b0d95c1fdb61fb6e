import { useCategoryTree } from '@/features/catalogue/api/categories-admin';
import { CategoriesPanel } from '@/features/catalogue/components/categories-panel';
import { QueryState } from '@/components/ui/query-state';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/categories, admins only (docs/decisions/0220): the catalogue's tree and typed attributes. */
const CategoriesRoute = () => {
  const tree = useCategoryTree();
  return (
    <DashboardPage title="Categories">
      <QueryState query={tree} subject="the categories">
        {(data) => <CategoriesPanel tree={data} />}
      </QueryState>
    </DashboardPage>
  );
};

export default CategoriesRoute;
