import { Link } from '@/components/ui/link';
import { ProductNameLink } from '@/components/ui/product-name-link';
import { formatPrice } from '@forgeline/shared/money';
import type { Product } from '@forgeline/shared/schemas/product';
import { paths } from '@/config/paths';
import { ContractPriceNote } from '@/components/pricing/contract-price-note';
import { ProductPhoto } from './product-photo';

type ProductCardProps = {
  product: Product;
  /**
   * Cards of the first row load their image at once; the rest lazily. Not at high priority: they sit
   * below the hero, whose image is the page's largest paint and must not share the first bytes.
   */
  eager?: boolean;
};

/** One product of the home grid (docs/product.md §2). The image box keeps a 4:3 ratio so nothing shifts. */
export const ProductCard = ({ product, eager = false }: ProductCardProps) => (
  <article
    data-testid="product-card"
    className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
  >
    <figure className="aspect-[4/3] bg-base-200">
      <ProductPhoto
        product={product}
        // One column below md, two to lg, three beside each other in the 1280 px container above.
        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 47vw, 100vw"
        lazy={!eager}
      />
    </figure>
    <div className="card-body gap-3 p-5">
      <h3 className="card-title text-lg leading-snug">
        <ProductNameLink product={product} />
      </h3>
      <p className="text-2xl font-bold text-primary" data-testid="product-price">
        $ {formatPrice(product.price)} / piece
      </p>
      <ContractPriceNote product={product} />
      <ul className="grid gap-1.5 text-sm">
        <li className="rounded bg-base-200 px-3 py-1.5">Minimum Order Quantity: {product.minOrder} pcs</li>
        <li className="rounded bg-base-200 px-3 py-1.5">
          Available Quantity: <span className="font-semibold">{product.availableQuantiity}</span>
        </li>
      </ul>
      <p className="line-clamp-3 text-sm text-base-content/80">{product.description}</p>
      <div className="card-actions mt-auto pt-2">
        <Link to={paths.purchase.getHref(product._id)} className="btn btn-primary btn-block">
          Buy Now
        </Link>
      </div>
    </div>
  </article>
);
