import {
  lineTotalCents,
  quantityProblem,
  unitPriceCents,
  type QuantityProblem,
} from '@forgeline/shared/pricing';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow, ProductRow } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { messages } from '@forgeline/shared/messages';
import { createCheckoutRepository } from '../checkout/repository.ts';
import { createProductsRepository, pricingOfRow } from '../products/repository.ts';
import { createOrdersRepository } from './repository.ts';
import type { Actor } from './service.ts';
import { isLowOnStock } from '../products/low-stock.ts';

/** Stripe's largest card payment (USD 999,999.99): an order, and a checkout, must be payable. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export interface LineRequest {
  productId: string;
  quantity: number;
}

/** A requested line against its product as locked now, priced by the pricing engine. */
export interface PricedLine extends LineRequest {
  /** Undefined when no product has this id (deleted, or never existed). */
  product: ProductRow | undefined;
  /** The first rule the quantity breaks now (stock included), or null. */
  problem: QuantityProblem | null;
  unitCents: number;
  totalCents: number;
}

export interface Delivery {
  address: string;
  phone: string;
  poReference?: string | undefined;
  /** Placed on payment terms (decision 0112): every line is due on this date instead of held. */
  terms?: { termsDays: number; dueAt: Date } | undefined;
}

export interface Placed {
  checkout: CheckoutRow;
  orders: OrderRow[];
}

/** What placeLines did: also the products it took to or below their low-stock line, not alerted before (decision 0108). */
export type PlacedLines = Placed & { lowOnStock: ProductRow[] };

/**
 * Places lines as one checkout, all or nothing, inside the caller's transaction (docs/architecture.md §9):
 *  1. every product row is locked, in product id order: two checkouts of the same products lock them in
 *     the same order, so neither waits for the other in a circle (no deadlock), and the stock each one
 *     reads stays true until it commits (no oversell);
 *  2. `judge` sees every line priced at the tier in force with the first rule it breaks, and throws to
 *     refuse (the caller chooses how a problem or a changed figure reads on its wire);
 *  3. the stock is taken and one order per line inserted, each at its own tier price (or the price agreed
 *     in a quote) in integer cents.
 * The caller's transaction rolls all of it back if anything later fails.
 */
export async function placeLines(
  tx: Executor,
  user: Actor,
  requests: readonly LineRequest[],
  delivery: Delivery,
  judge: (lines: PricedLine[]) => void,
  /** Unit prices agreed beforehand (an accepted quote's), by product id, instead of the tier prices. */
  agreedUnitCents?: ReadonlyMap<string, number>,
): Promise<PlacedLines> {
  const products = createProductsRepository(tx);
  const locked = new Map(
    (await products.lockByIds(requests.map((line) => line.productId))).map((p) => [p.id, p]),
  );
  const lines = requests.map((request): PricedLine => {
    const product = locked.get(request.productId);
    if (!product) return { ...request, product, problem: null, unitCents: 0, totalCents: 0 };
    const pricing = pricingOfRow(product);
    const agreed = agreedUnitCents?.get(request.productId);
    return {
      ...request,
      product,
      problem: quantityProblem(pricing, request.quantity),
      unitCents: agreed ?? unitPriceCents(pricing, request.quantity),
      totalCents:
        agreed !== undefined ? agreed * request.quantity : lineTotalCents(pricing, request.quantity),
    };
  });
  judge(lines);

  // The buyer's row is locked with it, after the products (every path locks products first).
  const checkout = await createCheckoutRepository(tx).insertLockingBuyer({
    userId: user.id,
    customerName: user.name,
    customerEmail: user.email,
    poReference: delivery.poReference ?? null,
    address: delivery.address,
    phone: delivery.phone,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    lineCount: lines.length,
    ...(delivery.terms && {
      paymentMethod: 'invoice' as const,
      termsDays: delivery.terms.termsDays,
      dueAt: delivery.terms.dueAt,
    }),
  });
  // The stock of every line in one statement, each only if that much is left.
  const left = lines.every((line) => line.product) ? await products.takeStockOfLines(lines) : [];
  if (left.length !== new Set(lines.map((line) => line.productId)).size) {
    // Unreachable while the rows are locked and judged; kept so that a broken invariant never oversells.
    throw conflict(messages.quantityAboveAvailable, 'OUT_OF_STOCK');
  }
  const ranLow = left.filter((row) => isLowOnStock(row) && !row.lowStockAlertedAt).map((row) => row.id);
  // One INSERT for every line, in the order the lines were given.
  const placed = await createOrdersRepository(tx).insertMany(
    lines.map((line) => {
      const product = line.product as ProductRow;
      return {
        userId: user.id,
        productId: product.id,
        customerName: user.name,
        customerEmail: user.email,
        productName: product.name,
        priceCents: line.unitCents,
        quantity: line.quantity,
        totalCents: line.totalCents,
        address: delivery.address,
        phone: delivery.phone,
        checkoutId: checkout.id,
        dueAt: delivery.terms?.dueAt ?? null,
      };
    }),
  );
  return { checkout, orders: placed, lowOnStock: await products.markLowStockAlerted(ranLow) };
}
