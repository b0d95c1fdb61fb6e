import type { Product } from '@forgeline/shared/schemas/product';

/**
 * A product's part number and quantity rules, shown before any submit: the spec's
 * minimum and available quantity, and the pack size and maximum when the part has them.
 */
export const QuantityRules = ({ product }: { product: Product }) => (
  <ul className="grid gap-1.5 text-sm" aria-label="Quantity rules" data-testid="quantity-rules">
    <li className="rounded bg-base-200 px-3 py-1.5">
      Part number: <span className="font-mono font-semibold">{product.sku}</span>
    </li>
    <li className="rounded bg-base-200 px-3 py-1.5">Minimum Order Quantity: {product.minOrder} pcs</li>
    {product.packSize > 1 && (
      <li className="rounded bg-base-200 px-3 py-1.5">Sold in packs of {product.packSize} pcs</li>
    )}
    {product.maxOrder !== null && (
      <li className="rounded bg-base-200 px-3 py-1.5">At most {product.maxOrder} pcs per order</li>
    )}
    <li className="rounded bg-base-200 px-3 py-1.5">
      Available Quantity: <span className="font-semibold">{product.availableQuantiity}</span>
    </li>
  </ul>
);
