import { Suspense, lazy, useState } from 'react';
import type { Product } from '@forgeline/shared/schemas/product';
import { ADMIN_PAGE_SIZE, useAdminProducts } from '@/features/products/api/get-admin-products';
import { useDeleteProductAction } from '@/features/admin-products/components/use-delete-product-action';
import { ManageProductsTable } from '@/features/admin-products/components/manage-products-table';
import { EditProductDialog } from '@/features/admin-products/components/edit-product-dialog';
import { ProductAccessSection } from '@/features/price-lists/components/product-access-section';
import { ProductSearch, useProductSearch } from '@/features/products/components/product-search';
import { AdminListPage } from '@/components/ui/admin-list-page';

/** GET /api/products.csv (admin): every product, a download; the session cookie authenticates it. */
const PRODUCTS_CSV_URL = '/api/products.csv';

// Loaded when an admin opens it: the route's first load stays within its size budget.
const ImportProductsPanel = lazy(() => import('@/features/admin-products/components/import-products-panel'));
// A part's documents, discontinued state and related parts (decision 0233): loaded when the Update dialog opens.
const DocumentsSection = lazy(() => import('@/features/documents/components/documents-section'));
const LifecycleSection = lazy(() => import('@/features/admin-products/components/lifecycle-section'));

/** Below a product's fields in the Update dialog: who sees it, its documents, whether it is still sold. */
export const ProductExtrasEditor = ({ productId }: { productId: string }) => (
  <>
    <ProductAccessSection productId={productId} />
    <Suspense fallback={<p className="mt-6">Loading the documents…</p>}>
      <DocumentsSection productId={productId} />
      <LifecycleSection productId={productId} />
    </Suspense>
  </>
);

/**
 * /dashboard/manageProducts, admins only (docs/product.md §2): every product, to update or delete, 20 a page,
 * searchable by name or part number, exported and imported as CSV (decision 0107). The total is the server's count (`X-Total-Count`), not the rows on screen.
 */
const ManageProductsRoute = () => {
  const search = useProductSearch();
  // The page belongs to a search: a new search starts at page 1.
  const [paging, setPaging] = useState({ term: '', page: 1 });
  const page = paging.term === search.term ? paging.page : 1;
  const products = useAdminProducts({ search: search.term, page });
  const { onDelete, deletingId } = useDeleteProductAction();
  const [editing, setEditing] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);

  const total = products.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const settled = products.data !== undefined && !products.isPlaceholderData;
  // A delete can empty the last page: go to the page that is now the last.
  if (settled && page > pageCount) setPaging({ term: search.term, page: pageCount });
  const goTo = (next: number) => setPaging({ term: search.term, page: next });

  return (
    <>
      <AdminListPage
        title="Manage Products"
        count={{ value: total, suffix: products.data?.search ? ' matching' : '', testId: 'products-count' }}
        toolbar={
          <>
            <ProductSearch
              id="manage-product-search"
              value={search.input}
              onChange={search.setInput}
              onSubmit={search.flush}
              busy={products.isPlaceholderData || search.input.trim() !== search.term}
              className="max-w-md grow"
            />
            <a className="btn btn-outline" href={PRODUCTS_CSV_URL} download>
              Export CSV<span className="sr-only"> of every product</span>
            </a>
            <button
              type="button"
              className="btn btn-outline"
              aria-expanded={importing}
              onClick={() => setImporting((open) => !open)}
            >
              Import CSV
            </button>
          </>
        }
        toolbarLabel="Find products"
        query={products}
        subject="the products"
        isEmpty={(data) => data.products.length === 0 && (data.search !== '' || data.total === 0)}
        empty={
          products.data?.search
            ? `No products match "${products.data.search}".`
            : 'There are no products yet.'
        }
        pager={{ page, pageCount, onPage: goTo, label: 'Products pages', testId: 'products-page' }}
        panel={
          importing ? (
            <Suspense fallback={<p className="mb-4">Loading the import…</p>}>
              <ImportProductsPanel onClose={() => setImporting(false)} />
            </Suspense>
          ) : null
        }
      >
        {(data) => (
          <ManageProductsTable
            products={data.products}
            firstNumber={(data.page - 1) * ADMIN_PAGE_SIZE + 1}
            onUpdate={setEditing}
            onDelete={(product) => void onDelete(product)}
            deletingId={deletingId}
          />
        )}
      </AdminListPage>
      <EditProductDialog
        product={editing}
        onClose={() => setEditing(null)}
        extra={(product) => <ProductExtrasEditor productId={product._id} />}
      />
    </>
  );
};

export default ManageProductsRoute;
