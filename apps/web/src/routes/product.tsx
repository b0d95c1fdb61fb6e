import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { AddToCart, firstQuantity } from '@/features/cart/components/add-to-cart';
import { formatPrice } from '@forgeline/shared/money';
import { photoSrcSet } from '@forgeline/shared/images';
import { pageMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { useProduct } from '@/features/products/api/get-product';
import { ProductLoadError } from '@/features/products/components/product-load-error';
import { ContractPriceNote } from '@/components/pricing/contract-price-note';
import { PriceTable } from '@/components/pricing/price-table';
import { QuantityRules } from '@/components/pricing/quantity-rules';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { ProductSpecs } from '@/features/catalogue/components/product-specs';

/**
 * /product/:id, public: photo, details, quantity rules, 'Buy Now' and the part's reviews. The page needs
 * one request (GET /api/purchase/:id), so it can be rendered on the server later.
 */
const ProductRoute = () => {
  const { id = '' } = useParams();
  const product = useProduct(id);
  usePageMeta(pageMeta.product(product.data?.name));
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
          <img
            src={item.img}
            srcSet={photoSrcSet(item.img)}
            sizes="(min-width: 1152px) 560px, (min-width: 1024px) 48vw, 100vw"
            alt={item.name}
            // The page's largest picture: asked for ahead of the page's other requests.
            fetchPriority="high"
            width={640}
            height={480}
            className="size-full object-cover"
          />
        </figure>
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{item.name}</h1>
          <div>
            <p className="text-2xl font-bold text-primary">$ {formatPrice(item.price)} / piece</p>
            <ContractPriceNote product={item} />
          </div>
          <p className="text-base-content/85">{item.description}</p>
          <QuantityRules product={item} />
          <PriceTable product={item} quantity={quantity ?? firstQuantity(item)} />
          <div className="flex flex-wrap gap-2">
            <Link to={paths.purchase.getHref(item._id)} className="btn btn-primary">
              Buy Now
            </Link>
            <AddToCart product={item} onQuantityChange={setQuantity} />
          </div>
        </div>
      </div>
      <ProductSpecs productId={item._id} />
      <ProductReviews productId={item._id} />
    </div>
  );
};

export default ProductRoute;
