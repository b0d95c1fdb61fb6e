import {
  lineTotalCents,
  quantityProblem,
  unitPriceCents,
  type QuantityProblem,
} from '@forgeline/shared/pricing';
import type { Executor } from '../../db/client.ts';
import { randomUUID } from 'node:crypto';
import type { CheckoutRow, OrderRow, ProductRow } from '../../db/schema/index.ts';
import { readCheckout, readOrder, writeLines } from './placement-repository.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { toDollars } from '@forgeline/shared/money';
import type { TaxSeller } from '@forgeline/shared/tax';
import { taxOrder } from '../tax/index.ts';
import { splitBackorder } from '@forgeline/shared/backorders';
import { messages } from '@forgeline/shared/messages';
import {
  isLowOnStock,
  lockProducts,
  markLowStockAlerted,
  pricingOfRow,
  readProduct,
} from '../products/index.ts';
import { customerPartNumbersOf } from '../part-numbers/index.ts';
import type { Actor } from './access.ts';
import { buyerView, viewProducts, type CatalogueView } from '../pricing/index.ts';
import {
  COLLECTION_ADDRESS,
  orderWeightGrams,
  type Destination,
  type ParcelFacts,
} from '@forgeline/shared/delivery';
import type { DeliveryChoice } from '@forgeline/shared/schemas/delivery';
import { cheapestShipping, deliveryShares, priceDelivery } from '../delivery/index.ts';
import { emitEvent } from '../webhooks/index.ts';
import { toOrderDto } from './repository.ts';

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
  /** The buyer's company (docs/decisions/0213): the checkout and its orders are the company's too. */
  companyId?: string | null | undefined;
  /** The label of the address-book site the address was copied from. */
  addressLabel?: string | null | undefined;
  /** The shop admin who placed it for the buyer. */
  placedBy?: { id: string; name: string } | undefined;
  /** The buyer's catalogue (their company's prices and parts), when the caller has read it already. */
  catalogue?: CatalogueView | undefined;
  /** Where the seller charges tax from (the configuration's), or null: no tax (docs/decisions/0219). */
  taxSeller: TaxSeller | null;
  /** The delivery method chosen and where it goes (decision 0235); absent: placed without one. */
  shipping?: DeliveryChoice | undefined;
}

export interface Placed {
  checkout: CheckoutRow;
  orders: OrderRow[];
}

/** What placeLines did: also the products it took to or below their low-stock line, not alerted before (decision 0108). */
export type PlacedLines = Placed & { lowOnStock: ProductRow[] };

/**
 * Each requested line against its product (as read or locked by the caller), priced by the pricing
 * engine at its tier, or at the unit price agreed in a quote, with the first rule its quantity breaks.
 */
export function priceLines(
  products: readonly ProductRow[],
  requests: readonly LineRequest[],
  agreedUnitCents?: ReadonlyMap<string, number>,
): PricedLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return requests.map((request): PricedLine => {
    const product = byId.get(request.productId);
    if (!product) return { ...request, product, problem: null, unitCents: 0, totalCents: 0 };
    const pricing = pricingOfRow(product);
    const agreed = agreedUnitCents?.get(request.productId);
    // A quantity agreed in a quote may pass the per-order maximum (decision 0200); every other rule holds.
    const rules = agreed === undefined ? pricing : { ...pricing, maxOrder: null };
    return {
      ...request,
      product,
      problem: quantityProblem(rules, request.quantity),
      unitCents: agreed ?? unitPriceCents(pricing, request.quantity),
      totalCents:
        agreed !== undefined ? agreed * request.quantity : lineTotalCents(pricing, request.quantity),
    };
  });
}

/**
 * The delivery an order that names no method gets (decision 0268): the cheapest priced method to
 * `destination` for these lines as priced now; undefined when a line cannot be placed (placement refuses
 * it with its own message) or nothing priced delivers there (placed without a charge, as always).
 */
export async function cheapestShippingFor(
  tx: Executor,
  destination: Destination | null,
  lines: readonly PricedLine[],
): Promise<DeliveryChoice | undefined> {
  if (lines.length === 0 || lines.some((line) => !line.product || line.problem)) return undefined;
  return cheapestShipping(tx, destination, parcelFactsOf(lines));
}

/** What a delivery is priced by: the lines' net value and weight. */
export function parcelFactsOf(lines: readonly PricedLine[]): ParcelFacts {
  return {
    netCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    weightGrams: orderWeightGrams(
      lines.map((line) => ({ weightGrams: line.product?.weightGrams ?? null, quantity: line.quantity })),
    ),
  };
}

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
  // Each line at the buyer's own price; a part hidden from their company is no part for them (decision 0216).
  const locked = await viewProducts(
    tx,
    delivery.catalogue ?? (await buyerView(tx, user.id)),
    await lockProducts(
      tx,
      requests.map((line) => line.productId),
    ),
  );
  const lines = priceLines(locked, requests, agreedUnitCents);
  judge(lines);

  if (!lines.every((line) => line.product)) throw conflict(messages.quantityAboveAvailable, 'OUT_OF_STOCK');
  const netCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  // The delivery chosen, priced by the server for these lines as locked (decision 0235).
  const shipping = delivery.shipping
    ? await priceDelivery(tx, delivery.shipping, parcelFactsOf(lines))
    : undefined;
  // Collected from the works: no address is asked, and the order says collection (decision 0268).
  const collected = shipping?.method.kind === 'collection';
  if (!collected && !delivery.address.trim()) {
    throw badRequest(messages.addressRequired, { address: messages.addressRequired });
  }
  // Delivery is taxed as a standard-rated line of the same order (a quote's freight at that rate later).
  const taxesDelivery = shipping !== undefined && (shipping.cents === null || shipping.cents > 0);
  // The tax of each line, frozen on it as placed (docs/decisions/0219): the buyer pays net plus tax.
  const tax = await taxOrder(tx, delivery.taxSeller, delivery.companyId ?? null, [
    ...lines.map((line) => ({
      category: (line.product as ProductRow).taxCategory,
      netCents: line.totalCents,
    })),
    ...(taxesDelivery ? [{ category: 'standard' as const, netCents: shipping.cents ?? 0 }] : []),
  ]);
  const goodsTax = taxesDelivery ? tax.lines.slice(0, -1) : tax.lines;
  const deliveryTax = taxesDelivery ? tax.lines[tax.lines.length - 1]! : { rateBasisPoints: 0, taxCents: 0 };
  const deliveryCents = shipping?.cents ?? 0;
  const shares = deliveryShares(lines, deliveryCents, deliveryTax.taxCents);
  const goodsTaxCents = goodsTax.reduce((sum, line) => sum + line.taxCents, 0);
  if (netCents + tax.taxCents + deliveryCents > MAX_ORDER_TOTAL_CENTS) {
    const message = `A checkout can total at most $${toDollars(MAX_ORDER_TOTAL_CENTS)} with tax: please order fewer pieces.`;
    throw badRequest(message, { lines: message });
  }
  // One statement after the products' lock (docs/decisions/0050): the buyer's row locked (after the
  // products: every path locks products first), the checkout, the stock of every line (each only if
  // that much is left; a product named twice gives the sum) and one order per line, in the order given.
  const orderIds = lines.map(() => randomUUID());
  // What each line takes from the shelf now, the rest back-ordered when the part allows it (decision
  // 0238): lines in the order given, each from what the lines before it left, on the locked rows.
  const shelf = new Map(
    lines.map((line) => [line.productId, (line.product as ProductRow).availableQuantity]),
  );
  const backordered = lines.map((line) => {
    const product = line.product as ProductRow;
    const split = splitBackorder(
      { availableQuantity: shelf.get(line.productId) ?? 0, allowBackorder: product.allowBackorder },
      line.quantity,
    );
    shelf.set(line.productId, (shelf.get(line.productId) ?? 0) - split.allocated);
    return split.backordered;
  });
  // The company's own number of each part, frozen on its line as it is now (docs/decisions/0218).
  const theirs = delivery.companyId
    ? await customerPartNumbersOf(
        tx,
        delivery.companyId,
        lines.map((line) => line.productId),
      )
    : new Map<string, string>();
  const [written] = await writeLines(tx, {
    userId: user.id,
    customerName: user.name,
    customerEmail: user.email,
    poReference: delivery.poReference ?? null,
    address: collected ? COLLECTION_ADDRESS : delivery.address,
    phone: delivery.phone,
    totalCents: netCents,
    taxCents: goodsTaxCents,
    taxTreatment: tax.decision.treatment,
    taxNote: tax.decision.note,
    buyerCountry: tax.buyerCountry,
    buyerTaxId: tax.buyerTaxId,
    lineCount: lines.length,
    paymentMethod: delivery.terms ? 'invoice' : null,
    termsDays: delivery.terms?.termsDays ?? null,
    dueAt: delivery.terms?.dueAt.toISOString() ?? null,
    companyId: delivery.companyId ?? null,
    addressLabel: collected ? null : (delivery.addressLabel ?? null),
    placedBy: delivery.placedBy?.id ?? null,
    placedByName: delivery.placedBy?.name ?? null,
    now: new Date().toISOString(),
    orderIds,
    productIds: lines.map((line) => line.productId),
    productNames: lines.map((line) => (line.product as ProductRow).name),
    customerPartNumbers: lines.map((line) => theirs.get(line.productId) ?? null),
    unitCents: lines.map((line) => line.unitCents),
    quantities: lines.map((line) => line.quantity),
    backordered,
    leadTimes: lines.map((line, index) =>
      backordered[index]! > 0 ? (line.product as ProductRow).leadTimeDays : null,
    ),
    lineTotals: lines.map((line) => line.totalCents),
    taxCategories: lines.map((line) => (line.product as ProductRow).taxCategory),
    taxRates: goodsTax.map((line) => line.rateBasisPoints),
    lineTaxes: goodsTax.map((line) => line.taxCents),
    deliveryStatus: shipping ? (shipping.cents === null ? 'awaiting_quote' : 'priced') : 'none',
    deliveryMethodId: shipping?.method.id ?? null,
    deliveryMethodName: shipping?.method.name ?? null,
    deliveryKind: shipping?.method.kind ?? null,
    deliveryCountry: shipping?.destination.country ?? null,
    deliveryRegion: shipping?.destination.region ?? null,
    deliveryWeightGrams: lines.reduce(
      (sum, line) => sum + (line.product?.weightGrams ?? 0) * line.quantity,
      0,
    ),
    deliveryCents,
    deliveryTaxRateBasisPoints: deliveryTax.rateBasisPoints,
    deliveryTaxCents: deliveryTax.taxCents,
    lineDelivery: shares.map((share) => share.cents),
    lineDeliveryTaxes: shares.map((share) => share.taxCents),
  });
  if (!written?.checkout) throw new Error('the checkout insert returned no row');
  const checkout = readCheckout(written.checkout);
  const left = (written.taken ?? []).map(readProduct);
  if (left.length !== new Set(lines.map((line) => line.productId)).size) {
    // Unreachable while the rows are locked and judged; kept so that a broken invariant never oversells
    // (the orders the statement wrote roll back with the transaction).
    throw conflict(messages.quantityAboveAvailable, 'OUT_OF_STOCK');
  }
  const ranLow = left.filter((row) => isLowOnStock(row) && !row.lowStockAlertedAt).map((row) => row.id);
  const byId = new Map((written.orders ?? []).map((raw) => [raw.id as string, readOrder(raw)]));
  const placed = orderIds.map((id) => byId.get(id));
  if (!placed.every((order) => order)) throw new Error('insert returned too few rows');
  // Every way of placing an order comes through here: its webhook event commits with it (decision 0261).
  for (const order of placed as OrderRow[]) {
    await emitEvent(
      tx,
      'order.placed',
      { order: toOrderDto({ ...order, checkoutNumber: checkout.number, poReference: checkout.poReference }) },
      { companyId: order.companyId },
    );
  }
  return { checkout, orders: placed as OrderRow[], lowOnStock: await markLowStockAlerted(tx, ranLow) };
}
