import { AddProductForm } from '@/features/admin-products/components/add-product-form';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/addProduct, admins only (docs/product.md §2). */
const AddProductRoute = () => (
  <DashboardPage title="Add Product">
    <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
      <AddProductForm />
    </div>
  </DashboardPage>
);

export default AddProductRoute;
