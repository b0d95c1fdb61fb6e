import { AddProductForm } from '@/features/admin-products/components/add-product-form';

/** /dashboard/addProduct, admins only (docs/product.md §2). */
const AddProductRoute = () => (
  <section aria-labelledby="dashboard-title">
    <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
      Add Product
    </h2>
    <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
      <AddProductForm />
    </div>
  </section>
);

export default AddProductRoute;
