import { formatPrice, toDollars } from '@forgeline/shared/money';
import { pricingOf, tierInForce } from '@forgeline/shared/pricing';
import type { Product } from '@forgeline/shared/schemas/product';

type PriceRow = { from: number; to: number | null; priceCents: number };

/** The base price from the minimum up to the first break, then each break up to the next. */
const priceRows = (product: Product): PriceRow[] => {
  const { priceCents, tiers, minOrder } = pricingOf(product);
  const starts = [
    { minQuantity: minOrder, priceCents },
    ...tiers.filter((tier) => tier.minQuantity > minOrder),
  ];
  // A break at or below the minimum is the price from the first piece one may order.
  const atMinimum = tierInForce({ tiers }, minOrder);
  if (atMinimum) starts[0] = { minQuantity: minOrder, priceCents: atMinimum.priceCents };
  return starts.map((start, index) => ({
    from: start.minQuantity,
    to: index + 1 < starts.length ? starts[index + 1]!.minQuantity - 1 : null,
    priceCents: start.priceCents,
  }));
};

/**
 * Volume prices of a part, the row in force for `quantity` highlighted. Shown only when
 * the part has price breaks; the figures are the shared pricing engine's, the server's own.
 */
export const PriceTable = ({ product, quantity }: { product: Product; quantity: number | null }) => {
  const rows = priceRows(product);
  if (rows.length < 2) return null;
  return (
    <table className="table table-sm w-full max-w-sm" data-testid="price-table">
      <caption className="pb-1 text-left text-sm font-semibold">Volume prices</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Price per piece</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const inForce =
            quantity !== null && quantity >= row.from && (row.to === null || quantity <= row.to);
          return (
            <tr
              key={row.from}
              className={inForce ? 'bg-primary/10 font-semibold' : undefined}
              aria-current={inForce ? 'true' : undefined}
              data-testid="price-row"
            >
              <td>{row.to === null ? `${row.from}+ pcs` : `${row.from}–${row.to} pcs`}</td>
              <td>
                $ {formatPrice(toDollars(row.priceCents))}
                {inForce && <span className="sr-only"> (your price)</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
};
