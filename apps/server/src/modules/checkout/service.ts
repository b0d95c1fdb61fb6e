import { nearestValidQuantity, unitPriceCents } from '@forgeline/shared/pricing';
import { toCents, toDollars } from '@forgeline/shared/money';
import {
  type CheckoutBody,
  type ReorderChange,
  type ReorderResponse,
} from '@forgeline/shared/schemas/checkout';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow, ProductRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { DomainError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { addCartLines, getCart, removeFromCart, storedCartLines, toCart } from '../cart/index.ts';
import {
  type Actor,
  checkoutLines,
  checkUnpaidHolds,
  findCheckout,
  findOrder,
  MAX_ORDER_TOTAL_CENTS,
  type Placed,
  placeLines,
  type PricedLine,
  queueAdminOrderMail,
  type OrderOrigin,
  queueCheckoutPlacedMail,
  visibleOrder,
} from '../orders/index.ts';
import { findProducts, pricingOfRow, queueLowStockAlert } from '../products/index.ts';
import { settleTermsCheckout, termsForCheckout } from '../payment-terms/index.ts';
import type { ErrorCode } from '@forgeline/shared/api-error';

const lineKey = (productId: string) => `lines.${productId}`;

/** 409 with the cart as it is priced now, so the buyer sees the new figures before agreeing to them. */
function figuresChanged(message: string, code: ErrorCode, lines: readonly PricedLine[]) {
  const cart = toCart(
    lines.flatMap((l) => (l.product ? [{ product: l.product, quantity: l.quantity }] : [])),
  );
  const { totalCents: _cents, ...wire } = cart;
  return new DomainError(code, message, undefined, { cart: wire });
}

/**
 * In the caller's transaction `tx` (an Idempotency-Key's; call afterCheckoutPlaced once committed):
 * places the buyer's cart (or the lines given, each of which must be in the cart with that quantity)
 * as one checkout: all lines or none, one delivery address, phone and PO reference, one order per line
 * at its tier price, the stock of every line taken and the placed lines taken out of the cart, all in
 * one transaction. Refuses with 400 and a message per failing line, or with 409 and today's figures
 * when a unit price or the total is not the one the buyer saw.
 */
export async function takeCheckout(
  deps: AppDeps,
  tx: Executor,
  user: Actor,
  body: CheckoutBody,
): Promise<PlacedCheckout> {
  const inCart = await storedCartLines(tx, user.id);
  if (inCart.length === 0) throw badRequest('Your cart is empty.', { lines: 'Your cart is empty.' });
  const cartQuantity = new Map(inCart.map((line) => [line.product.id, line.quantity]));
  const seen = new Map<string, number>();

  let requests = inCart.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
  if (body.lines) {
    const notInCart: Record<string, string> = {};
    for (const line of body.lines) {
      if (!cartQuantity.has(line.productId))
        notInCart[lineKey(line.productId)] = 'This part is not in your cart.';
      if (line.unitPrice !== undefined) seen.set(line.productId, toCents(line.unitPrice));
    }
    if (Object.keys(notInCart).length > 0) {
      throw badRequest('Some lines are not in your cart: nothing was ordered.', notInCart);
    }
    const wanted = new Set(body.lines.map((line) => line.productId));
    requests = requests.filter((line) => wanted.has(line.productId));
  }

  // Paying by invoice: a PO number and the customer's approval first (decision 0112).
  const terms =
    body.paymentMethod === 'invoice' ? await termsForCheckout(tx, user.id, body.poReference) : undefined;
  const result = await placeLines(tx, user, requests, { ...body, terms }, (lines) => {
    const problems: Record<string, string> = {};
    for (const line of lines) {
      const message = line.product ? line.problem?.message : 'This product is no longer sold.';
      if (message) problems[lineKey(line.productId)] = `${line.product?.name ?? 'Line'}: ${message}`;
    }
    const failing = Object.keys(problems).length;
    if (failing > 0) {
      const what = failing === 1 ? '1 line cannot' : `${failing} lines cannot`;
      const them = failing === 1 ? 'it is' : 'they are';
      throw badRequest(
        `${what} be ordered as ${them}: nothing was ordered. Please correct your cart.`,
        problems,
      );
    }
    const quantityDiffers = body.lines?.some((line) => line.quantity !== cartQuantity.get(line.productId));
    if (quantityDiffers) {
      throw figuresChanged(
        'Your cart changed since you looked: please check it and try again.',
        'CART_CHANGED',
        lines,
      );
    }
    const changed = lines.filter(
      (line) => seen.has(line.productId) && seen.get(line.productId) !== line.unitCents,
    );
    if (changed.length > 0) {
      const names = changed
        .map((l) => `${l.product?.name}: now $${toDollars(l.unitCents)} per piece`)
        .join('; ');
      throw figuresChanged(
        `Prices have changed since you looked (${names}). Please check the new total.`,
        'PRICE_CHANGED',
        lines,
      );
    }
    const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
    if (body.expectedTotal !== undefined && toCents(body.expectedTotal) !== totalCents) {
      throw figuresChanged(
        `The total is now $${toDollars(totalCents)}. Please check it and try again.`,
        'TOTAL_MISMATCH',
        lines,
      );
    }
    if (totalCents > MAX_ORDER_TOTAL_CENTS) {
      const message = `A checkout can total at most $${toDollars(MAX_ORDER_TOTAL_CENTS)}: please order fewer pieces.`;
      throw badRequest(message, { lines: message });
    }
  });
  if (terms) {
    // On terms: the credit limit instead of the hold bounds, and the invoice issued now.
    await settleTermsCheckout(tx, user.id, result);
  } else {
    // A card order holds its stock for the payment window; buyers who keep letting it lapse pause (0156).
    await checkUnpaidHolds(tx, deps.config, user.id);
  }
  await queueLowStockAlert(deps, tx, result.lowOnStock);
  await removeFromCart(
    tx,
    user.id,
    result.orders.flatMap((order) => (order.productId ? [order.productId] : [])),
  );
  return { ...result, mailIds: await queueCheckoutPlacedMails(deps, tx, result) };
}

/** A checkout written in its transaction, and the ids of its mails (the buyer's, the admins'). */
export type PlacedCheckout = Placed & { mailIds: string[] };

/** The buyer's 'order received' and the admins' 'new order', queued in the checkout's transaction. */
export async function queueCheckoutPlacedMails(
  deps: AppDeps,
  tx: Executor,
  placed: Placed,
  origin?: OrderOrigin,
): Promise<string[]> {
  return [
    await queueCheckoutPlacedMail(deps, tx, placed),
    ...(await queueAdminOrderMail(deps, tx, 'placed', placed.checkout, placed.orders, origin)),
  ];
}

/** What follows a committed checkout: the catalogue's stock figures change, the mail goes. */
export async function afterCheckoutPlaced(deps: AppDeps, placed: PlacedCheckout): Promise<void> {
  deps.catalogueCache.invalidate();
  // After the answer: the buyer's request never waits for the mail server (docs/decisions/0045).
  deps.mailer.deliverLater(placed.mailIds);
}

/** Whom a checkout is visible to: its buyer and admins; to anyone else it does not exist. */
function visibleCheckout(checkout: CheckoutRow | undefined, user: Actor): CheckoutRow {
  if (!checkout || (checkout.userId !== user.id && user.role !== 'admin')) throw notFound('Checkout');
  return checkout;
}

/** A checkout and the orders still standing in it. */
export async function getCheckout(deps: Pick<AppDeps, 'db'>, user: Actor, id: string): Promise<Placed> {
  const checkout = visibleCheckout(await findCheckout(deps.db, id), user);
  return { checkout, orders: await checkoutLines(deps.db, checkout.id) };
}

const money = (cents: number) => `$${toDollars(cents).toFixed(2)}`;

/** What became of one past line today: the quantity under today's rules, the price now, and why. */
function changeOf(
  line: OrderRow,
  product: ProductRow | undefined,
): { change: ReorderChange; quantity: number | null } {
  const was = { unitPrice: toDollars(line.priceCents), quantity: line.quantity };
  const base = { productId: line.productId, name: product?.name ?? line.productName, was };
  if (!product)
    return { change: { ...base, now: null, note: 'This product is no longer sold.' }, quantity: null };
  const pricing = pricingOfRow(product);
  const quantity = nearestValidQuantity(pricing, line.quantity);
  if (quantity === null) {
    const note =
      product.availableQuantity < product.minOrder
        ? 'Out of stock: not added.'
        : 'Cannot be ordered today: not added.';
    return { change: { ...base, now: null, note }, quantity: null };
  }
  const nowCents = unitPriceCents(pricing, quantity);
  const notes: string[] = [];
  if (quantity !== line.quantity) {
    const why =
      quantity < line.quantity
        ? product.availableQuantity < line.quantity
          ? 'only that many in stock'
          : 'within the maximum'
        : `minimum ${product.minOrder}, packs of ${product.packSize}`;
    notes.push(`Quantity ${line.quantity} → ${quantity} (${why}).`);
  }
  if (nowCents !== line.priceCents)
    notes.push(`Price per piece ${money(line.priceCents)} → ${money(nowCents)}.`);
  return {
    change: {
      ...base,
      now: { unitPrice: toDollars(nowCents), quantity },
      note: notes.join(' ') || 'Unchanged.',
    },
    quantity,
  };
}

/**
 * Puts the parts and quantities of past orders into the buyer's cart, each quantity corrected to
 * today's rules (nearestValidQuantity), and answers what changed since: price then and now, quantity,
 * or why a part could not be added.
 */
async function reorderLines(deps: AppDeps, user: Actor, past: readonly OrderRow[]): Promise<ReorderResponse> {
  const products = new Map(
    (
      await findProducts(
        deps.db,

        past.flatMap((l) => (l.productId ? [l.productId] : [])),
      )
    ).map((p) => [p.id, p]),
  );
  const results = past.map((line) =>
    changeOf(line, line.productId ? products.get(line.productId) : undefined),
  );
  const lines = results.flatMap(({ change, quantity }) =>
    change.productId && quantity !== null ? [{ productId: change.productId, quantity }] : [],
  );
  const cart = lines.length > 0 ? await addCartLines(deps, user.id, { lines }) : await getCart(deps, user.id);
  const { skipped: _skipped, ...wire } = cart;
  return { cart: wire, changes: results.map((r) => r.change) };
}

export async function reorderOrder(deps: AppDeps, user: Actor, orderId: string): Promise<ReorderResponse> {
  const order = visibleOrder(await findOrder(deps.db, orderId), user);
  if (order.userId !== user.id) throw notFound('Order');
  return reorderLines(deps, user, [order]);
}

export async function reorderCheckout(
  deps: AppDeps,
  user: Actor,
  checkoutId: string,
): Promise<ReorderResponse> {
  const { checkout, orders } = await getCheckout(deps, user, checkoutId);
  if (checkout.userId !== user.id) throw notFound('Checkout');
  if (orders.length === 0)
    throw conflict(
      'Every line of this checkout was cancelled: there is nothing to order again.',
      'CHECKOUT_EMPTY',
    );
  return reorderLines(deps, user, orders);
}
