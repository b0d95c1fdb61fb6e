import { lazy, Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { AddToCart, firstQuantity } from '@/features/cart/components/add-to-cart';
import { formatPrice } from '@forgeline/shared/money';
import { ProductPhoto } from '@/features/products/components/product-photo';
import { productMeta } from '@/config/meta/product';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { useProduct } from '@/features/products/api/get-product';
import { ProductLoadError } from '@/features/products/components/product-load-error';
import { ContractPriceNote } from '@/components/pricing/contract-price-note';
import { PriceTable } from '@/components/pricing/price-table';
import { QuantityRules } from '@/components/pricing/quantity-rules';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { ProductSpecs } from '@/features/catalogue/components/product-specs';
import { useNearViewport } from '@/lib/use-near-viewport';

// Documents and related parts (decision 0233): chunks of their own, loaded when their slot nears the viewport.
const PartDocuments = lazy(() => import('@/features/documents/components/part-documents'));
const RelatedParts = lazy(() => import('@/features/products/components/related-parts'));

const PartExtrasSlot = ({ productId }: { productId: string }) => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <div ref={ref} data-testid="part-extras">
      {near ? (
        <Suspense fallback={null}>
          <PartDocuments productId={productId} />
          <RelatedParts productId={productId} />
        </Suspense>
      ) : null}
    </div>
  );
};

/**
 * /product/:id, public: photo, details, quantity rules, 'Buy Now' and the part's reviews. The page needs
 * one request (GET /api/purchase/:id), so it can be rendered on the server later.
 */
const ProductRoute = () => {
  const { id = '' } = useParams();
  const product = useProduct(id);
  usePageMeta(productMeta(product.data?.name));
  // The quantity typed for the cart; null until then (the price row of the first quantity is highlighted).
  const [quantity, setQuantity] = useState<number | null>(null);

  if (product.isPending) {
    return (
      <div
        className="flex min-h-[50vh] items-center justify-center"
        role="status"
        aria-label="Loading the product"
      >
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }
  if (product.isError) return <ProductLoadError error={product.error} />;
  const item = product.data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <div className="grid gap-8 lg:grid-cols-2">
        <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
          <ProductPhoto
            product={item}
            sizes="(min-width: 1152px) 560px, (min-width: 1024px) 48vw, 100vw"
            priority="high"
          />
        </figure>
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{item.name}</h1>
          {item.discontinued ? (
            <p className="flex flex-wrap items-center gap-2" data-testid="discontinued">
              <span className="badge badge-neutral font-semibold">Discontinued</span>
              {item.replacedBy ? (
                <Link to={paths.product.getHref(item.replacedBy._id)} className="link font-semibold">
                  Replaced by {item.replacedBy.name}
                </Link>
              ) : (
                <span className="text-base-content/80">This part is no longer sold.</span>
              )}
            </p>
          ) : null}
          <div>
            <p className="text-2xl font-bold text-primary">$ {formatPrice(item.price)} / piece</p>
            <ContractPriceNote product={item} />
          </div>
          <p className="text-base-content/85">{item.description}</p>
          <QuantityRules product={item} />
          <PriceTable product={item} quantity={quantity ?? firstQuantity(item)} />
          {/* A discontinued part cannot be bought (the server refuses it too); its page stays for old orders. */}
          {item.discontinued ? null : (
            <div className="flex flex-wrap gap-2">
              <Link to={paths.purchase.getHref(item._id)} className="btn btn-primary">
                Buy Now
              </Link>
              <AddToCart product={item} onQuantityChange={setQuantity} />
            </div>
          )}
        </div>
      </div>
      <ProductSpecs productId={item._id} />
      <PartExtrasSlot productId={item._id} />
      <ProductReviews productId={item._id} />
    </div>
  );
};

export default ProductRoute;
