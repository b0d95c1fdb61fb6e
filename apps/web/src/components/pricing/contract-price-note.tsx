import { formatPrice } from '@forgeline/shared/money';
import type { Product } from '@forgeline/shared/schemas/product';

/**
 * Under a signed-in buyer's price, when their company's price list set it (decision 0216): which list,
 * and the list price a visitor pays. Nothing for the public price.
 */
export const ContractPriceNote = ({ product }: { product: Product }) => {
  if (!product.priceList || product.listPrice === undefined) return null;
  return (
    <p className="text-sm text-base-content/75" data-testid="contract-price">
      Your price ({product.priceList}) · list price{' '}
      <span className="whitespace-nowrap line-through">$ {formatPrice(product.listPrice)}</span>
    </p>
  );
};
