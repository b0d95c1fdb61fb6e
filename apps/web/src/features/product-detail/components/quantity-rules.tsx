import type { Product } from '@forgeline/shared';

/** The quantity rules of a product, shown before any submit (issue 10 item 2). */
export const QuantityRules = ({ product }: { product: Product }) => (
  <ul className="grid gap-1.5 text-sm" aria-label="Quantity rules" data-testid="quantity-rules">
    <li className="rounded bg-base-200 px-3 py-1.5">Minimum Order Quantity: {product.minOrder} pcs</li>
    <li className="rounded bg-base-200 px-3 py-1.5">
      Available Quantity: <span className="font-semibold">{product.availableQuantiity}</span>
    </li>
  </ul>
);
