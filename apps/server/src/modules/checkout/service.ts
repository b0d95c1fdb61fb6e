import { nearestValidQuantity, unitPriceCents } from '@forgeline/shared/pricing';
import { toCents, toDollars, formatMoney } from '@forgeline/shared/money';
import type { CheckoutBody, ReorderChange, ReorderResponse } from '@forgeline/shared/schemas/checkout';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow, ProductRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { DomainError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { addCartLines, getCart, removeFromCart, storedCartLines, toCart } from '../cart/index.ts';
import type { OrderRequest } from '@forgeline/shared/schemas/company';
import { deliveryFor, requestApproval, type RequestDraft } from '../companies/index.ts';
import {
  assertMayOrder,
  findMembership,
  mayRead,
  type Membership,
  spendingCheck,
} from '../membership/index.ts';
import {
  type Actor,
  checkoutLines,
  checkUnpaidHolds,
  lockCheckoutLines,
  findCheckout,
  findOrder,
  MAX_ORDER_TOTAL_CENTS,
  type Placed,
  placeLines,
  priceLines,
  type PricedLine,
  queueAdminOrderMail,
  type OrderOrigin,
  queueCheckoutPlacedMail,
  visibleOrder,
} from '../orders/index.ts';
import { buyerView, companyView, PUBLIC_VIEW, viewProducts } from '../pricing/index.ts';
import {
  findProducts,
  pricingOfRow,
  queueLowStockAlert,
  replacedBy,
  replacementsOf,
  type Replacement,
} from '../products/index.ts';
import {
  assertCreditLine,
  invoiceTermsCheckout,
  settleTermsCheckout,
  termsForCheckout,
} from '../payment-terms/index.ts';
import type { ErrorCode } from '@forgeline/shared/api-error';
import { toCheckoutDto } from './mappers.ts';
import { priceFreight, requireDeliveryChoice, toCheckoutDelivery } from '../delivery/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { DeliveryChoice } from '@forgeline/shared/schemas/delivery';

const lineKey = (productId: string) => `lines.${productId}`;

/** 409 with the cart as it is priced now, so the buyer sees the new figures before agreeing to them. */
function figuresChanged(message: string, code: ErrorCode, lines: readonly PricedLine[]) {
  const cart = toCart(
    lines.flatMap((l) => (l.product ? [{ product: l.product, quantity: l.quantity }] : [])),
  );
  const { totalCents: _cents, ...wire } = cart;
  return new DomainError(code, message, undefined, { cart: wire });
}

/** A line to place: the part, the quantity and the unit price the buyer saw (cents), if they said. */
export interface CheckoutLine {
  productId: string;
  quantity: number;
  seenUnitCents?: number | undefined;
}

/** What is placed: the lines and what the buyer saw and chose, however they came (cart, request, admin). */
export interface CheckoutPlan {
  lines: CheckoutLine[];
  address: string;
  addressId?: string | undefined;
  phone: string;
  poReference?: string | undefined;
  paymentMethod: 'card' | 'invoice';
  expectedTotalCents?: number | undefined;
  /** The cart held other quantities than the buyer checked out (a 409 with the cart as it is). */
  quantityDiffers?: boolean;
  /** The shop admin placing it for the buyer. */
  placedBy?: { id: string; name: string } | undefined;
  /** An approver approved it: the buyer's spending limits are not asked again (docs/decisions/0214). */
  approved?: boolean;
  /** The delivery method chosen and its destination (decision 0235). */
  delivery?: DeliveryChoice | undefined;
}

/** The answer of a checkout: placed, or sent for approval (nothing placed, nothing held). */
export type CheckoutOutcome =
  ({ kind: 'placed' } & PlacedCheckout) | { kind: 'request'; request: OrderRequest; mailIds: string[] };

/**
 * Over the buyer's spending limit (docs/decisions/0214), a checkout or an accepted quote becomes an order
 * request instead: the lines and total the buyer saw, going to `site` and paid as `chosen` says.
 */
export async function requestInstead(
  deps: AppDeps,
  tx: Executor,
  buyer: Actor,
  over: { member: Membership; reason: string },
  order: Pick<RequestDraft, 'kind' | 'quoteId' | 'offerVersion' | 'lines' | 'totalCents'>,
  site: { address: string; phone: string },
  chosen: Pick<CheckoutPlan, 'delivery' | 'poReference' | 'paymentMethod'>,
): Promise<CheckoutOutcome> {
  return {
    kind: 'request',
    ...(await requestApproval(deps, tx, buyer, over.member, {
      ...order,
      ...site,
      delivery: chosen.delivery,
      poReference: chosen.poReference ?? null,
      paymentMethod: chosen.paymentMethod,
      reason: over.reason,
    })),
  };
}

/** The refusals every checkout judges the same way, whichever way its lines came. */
function judgeCheckout(plan: CheckoutPlan) {
  return (lines: PricedLine[]) => {
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
    if (plan.quantityDiffers) {
      throw figuresChanged(
        'Your cart changed since you looked: please check it and try again.',
        'CART_CHANGED',
        lines,
      );
    }
    const seen = new Map(plan.lines.map((line) => [line.productId, line.seenUnitCents]));
    const changed = lines.filter((line) => {
      const was = seen.get(line.productId);
      return was !== undefined && was !== line.unitCents;
    });
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
    if (plan.expectedTotalCents !== undefined && plan.expectedTotalCents !== totalCents) {
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
  };
}

/**
 * In the caller's transaction `tx` (an Idempotency-Key's; call afterCheckoutPlaced once committed):
 * places `plan` for `buyer` as one checkout, all lines or none, one order per line at its tier price,
 * the stock of every line taken. A member of a company orders for it (its address book, credit line and
 * history, docs/decisions/0213); finance may not order; over the buyer's spending limit the lines become
 * an order request instead (docs/decisions/0214). Refuses with 400 and a message per failing line, or
 * with 409 and today's figures when a unit price or the total is not the one the buyer saw.
 */
export async function placeCheckout(
  deps: AppDeps,
  tx: Executor,
  buyer: Actor,
  plan: CheckoutPlan,
): Promise<CheckoutOutcome> {
  const member = await findMembership(tx, buyer.id);
  assertMayOrder(member);
  const delivery = await deliveryFor(tx, member, plan);
  // Paying by invoice: a PO number and the company's approval first (decision 0112).
  const terms =
    plan.paymentMethod === 'invoice' ? await termsForCheckout(tx, member, plan.poReference) : undefined;
  const requests = plan.lines.map(({ productId, quantity }) => ({ productId, quantity }));
  const judge = judgeCheckout(plan);
  const catalogue = member ? await companyView(tx, member.companyId) : PUBLIC_VIEW;

  let askedCents: number | undefined;
  if (member && !plan.approved) {
    // Priced without the products' locks first: over the limit, nothing is taken, only asked for.
    const priced = priceLines(
      await viewProducts(
        tx,
        catalogue,
        await findProducts(
          tx,
          requests.map((r) => r.productId),
        ),
      ),
      requests,
    );
    judge(priced);
    const totalCents = priced.reduce((sum, line) => sum + line.totalCents, 0);
    askedCents = totalCents;
    const over = await spendingCheck(tx, buyer.id, totalCents);
    if (over) {
      const lines = priced.map((line) => ({
        productId: line.productId,
        sku: line.product?.sku ?? null,
        name: line.product?.name ?? '',
        quantity: line.quantity,
        unitCents: line.unitCents,
      }));
      return requestInstead(deps, tx, buyer, over, { kind: 'checkout', lines, totalCents }, delivery, plan);
    }
  }

  const result = await placeLines(
    tx,
    buyer,
    requests,
    {
      ...delivery,
      poReference: plan.poReference,
      terms,
      companyId: member?.companyId,
      placedBy: plan.placedBy,
      catalogue,
      taxSeller: deps.config.taxSeller,
      shipping: plan.delivery,
    },
    judge,
  );
  if (askedCents !== undefined && askedCents !== result.checkout.totalCents) {
    // Prices moved between the two readings (the limit was judged on the first): the buyer looks again.
    throw conflict('Prices changed while you checked out: please check the new total.', 'TOTAL_MISMATCH');
  }
  await settlePlaced(deps, tx, buyer, result);
  await queueLowStockAlert(deps, tx, result.lowOnStock);
  return { kind: 'placed', ...result, mailIds: await queueCheckoutPlacedMails(deps, tx, result) };
}

/**
 * How a checkout just placed in `tx` is paid for, from the cart or from an accepted quote alike: on
 * payment terms (decision 0112) the company's credit line instead of the hold bounds, and the invoice
 * issued now; by card its stock is held for the payment window, and buyers who keep letting it lapse
 * pause (docs/decisions/0156).
 */
export async function settlePlaced(deps: AppDeps, tx: Executor, buyer: Actor, placed: Placed): Promise<void> {
  const { paymentMethod, companyId } = placed.checkout;
  if (paymentMethod === 'invoice' && companyId) await settleTermsCheckout(tx, companyId, placed);
  else await checkUnpaidHolds(tx, deps.config, buyer.id);
}

/**
 * The buyer's own checkout of their cart (or of the lines given, each of which must be in the cart with
 * that quantity): placeCheckout, then the placed (or requested) lines leave the cart.
 */
export async function takeCheckout(
  deps: AppDeps,
  tx: Executor,
  user: Actor,
  body: CheckoutBody,
): Promise<CheckoutOutcome> {
  const inCart = await storedCartLines(tx, user.id);
  if (inCart.length === 0) throw badRequest('Your cart is empty.', { lines: 'Your cart is empty.' });
  await requireDeliveryChoice(tx, body.delivery);
  const cartQuantity = new Map(inCart.map((line) => [line.product.id, line.quantity]));
  const seen = new Map<string, number>();

  let lines: CheckoutLine[] = inCart.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
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
    lines = lines
      .filter((line) => wanted.has(line.productId))
      .map((line) => ({ ...line, seenUnitCents: seen.get(line.productId) }));
  }
  const outcome = await placeCheckout(deps, tx, user, {
    ...body,
    lines,
    expectedTotalCents: body.expectedTotal === undefined ? undefined : toCents(body.expectedTotal),
    quantityDiffers: body.lines?.some((line) => line.quantity !== cartQuantity.get(line.productId)) ?? false,
  });
  await removeFromCart(
    tx,
    user.id,
    lines.map((line) => line.productId),
  );
  return outcome;
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

/** How a checkout's outcome answers: 201 with the checkout, or 202 with the order request. */
export function checkoutAnswer(deps: AppDeps, outcome: CheckoutOutcome) {
  if (outcome.kind === 'request') {
    return {
      statusCode: 202,
      body: { request: outcome.request },
      afterCommit: async () => deps.mailer.deliverLater(outcome.mailIds),
    };
  }
  return {
    statusCode: 201,
    body: toCheckoutDto(outcome.checkout, outcome.orders),
    afterCommit: () => afterCheckoutPlaced(deps, outcome),
  };
}

/** A checkout as a person may read it: their own, their company's by role, any for admins; else 404. */
async function visibleCheckout(db: Executor, id: string, user: Actor): Promise<CheckoutRow> {
  const checkout = await findCheckout(db, id);
  if (!checkout || !(await mayRead(db, checkout, user))) throw notFound('Checkout');
  return checkout;
}

/** A checkout and the orders still standing in it. */
export async function getCheckout(deps: Pick<AppDeps, 'db'>, user: Actor, id: string): Promise<Placed> {
  const checkout = await visibleCheckout(deps.db, id, user);
  return { checkout, orders: await checkoutLines(deps.db, checkout.id) };
}

/** What became of one past line today: the quantity under today's rules, the price now, and why. */
function changeOf(
  line: OrderRow,
  product: ProductRow | undefined,
  replacement: Replacement | undefined,
): { change: ReorderChange; quantity: number | null } {
  const was = { unitPrice: toDollars(line.priceCents), quantity: line.quantity };
  const base = { productId: line.productId, name: product?.name ?? line.productName, was };
  if (!product)
    return { change: { ...base, now: null, note: 'This product is no longer sold.' }, quantity: null };
  const pricing = pricingOfRow(product);
  const quantity = nearestValidQuantity(pricing, line.quantity);
  if (quantity === null) {
    const note = product.discontinued
      ? `Discontinued: not added.${replacement ? ` ${replacedBy(replacement)}` : ''}`
      : product.availableQuantity < product.minOrder
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
    notes.push(`Price per piece ${formatMoney(line.priceCents)} → ${formatMoney(nowCents)}.`);
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
  // Today's price is the buyer's own; a part now hidden from their company is no longer sold to them.
  const view = await buyerView(deps.db, user.id);
  const seen = await viewProducts(
    deps.db,
    view,
    await findProducts(
      deps.db,
      past.flatMap((l) => (l.productId ? [l.productId] : [])),
    ),
  );
  const products = new Map(seen.map((p) => [p.id, p]));
  // A discontinued part's line names the part that replaces it (decision 0233).
  const replacements = await replacementsOf(deps.db, view, seen);
  const results = past.map((line) => {
    const product = line.productId ? products.get(line.productId) : undefined;
    return changeOf(line, product, product ? replacements.get(product.id) : undefined);
  });
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

/**
 * The shop prices freight quoted on request (decision 0236): the lines carry their shares, a checkout on
 * payment terms gets its invoice now (with the freight), and the buyer is told; a card checkout may be paid.
 */
export async function priceCheckoutFreight(
  deps: AppDeps,
  admin: AuditActor,
  checkoutId: string,
  price: number,
) {
  const { checkout, mailId } = await priceFreight(deps, admin, checkoutId, price, async (tx, priced) => {
    if (priced.paymentMethod === 'invoice') {
      // The freight may take the company over its credit line: refused as the placement would be (0270).
      if (priced.companyId) await assertCreditLine(tx, priced.companyId, priced);
      await invoiceTermsCheckout(tx, priced, await lockCheckoutLines(tx, priced.id));
    }
  });
  deps.mailer.deliverLater([mailId]);
  const delivery = toCheckoutDelivery(checkout);
  if (!delivery) throw new Error('a priced checkout without its delivery');
  return { checkoutId: checkout.id, number: checkout.number, delivery };
}
