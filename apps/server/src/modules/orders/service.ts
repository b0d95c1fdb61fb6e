import { addDays, startOfDay } from '@forgeline/shared/dates';
import { messages } from '@forgeline/shared/messages';
import { toCents, toDollars } from '@forgeline/shared/money';
import type { CancelPreview, CreateOrderBody, OrderDeliveryQuery } from '@forgeline/shared/schemas/order';
import type { OrderSearchQuery } from '@forgeline/shared/schemas/order-search';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { writeCatalogue } from '../../lib/catalogue-write.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { TOTAL_COUNT_CAP } from '../../db/count.ts';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { issueCreditNote } from '../invoices/index.ts';
import { adjustOpenPayments } from './open-payments.ts';
import { visibleOrder, type Actor } from './access.ts';
import {
  assertMayOrder,
  findMembership,
  mayRead,
  readableCompanyOf,
  spendingCheck,
  type Membership,
} from '../membership/index.ts';
import { memberView, viewProducts, type CatalogueView } from '../pricing/index.ts';
import { createCheckoutRepository } from './checkouts-repository.ts';
import { checkUnpaidHolds } from './holds.ts';
import { documentAttachments, queueOrderMail } from './mail.ts';
import { queueAdminOrderMail } from './admin-mail.ts';
import {
  cheapestShippingFor,
  MAX_ORDER_TOTAL_CENTS,
  parcelFactsOf,
  placeLines,
  priceLines,
} from './placement.ts';
import { deliveryOptionsFor } from '../delivery/index.ts';
import type { DeliveryOptionDto } from '@forgeline/shared/schemas/delivery';
import { createOrdersRepository, toOrderDto, type OrdersRepository, type OrderView } from './repository.ts';
import { createOrderSearchRepository, type OrderCursor } from './search-repository.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findProducts, lockProducts, queueLowStockAlert } from '../products/index.ts';
import { fillBackorders } from '../backorders/index.ts';
import { emitEvent } from '../webhooks/index.ts';

const tooMany = (message: string) => badRequest(message, { buyQuantity: message });

/**
 * Places an order for the signed-in customer: a checkout of one line (docs/architecture.md §9), name and e-mail from
 * the account, the unit price from the pricing engine (the tier in force for the quantity), every
 * quantity rule checked (minimum, pack multiple, maximum, stock) and the stock taken in the same
 * transaction. The figures the customer saw (name, price, total) must be the ones they are charged, or
 * nothing happens. Mails the customer the link to pay: the mail is queued in the same transaction, so
 * an order never exists without it (docs/decisions/0120).
 */
export async function placeOrder(deps: AppDeps, user: Actor, body: CreateOrderBody): Promise<OrderRow> {
  const placed = await deps.db.transaction((tx) => takeOrder(deps, tx, user, body));
  await afterOrderPlaced(deps, placed);
  return placed.order;
}

/** An order written in its transaction, and the ids of its mails (the buyer's, the admins'). */
export interface PlacedOrder {
  order: OrderRow;
  mailIds: string[];
}

/** The one line of the spec's order form, priced for the buyer's catalogue now. */
async function orderFormLines(db: Executor, catalogue: CatalogueView, productId: string, quantity: number) {
  return priceLines(await viewProducts(db, catalogue, await findProducts(db, [productId])), [
    { productId, quantity },
  ]);
}

/** Where the spec's order form delivers: the buyer's company's country, else the shop's own. */
function orderFormDestination(deps: Pick<AppDeps, 'config'>, member: Membership | undefined) {
  return member?.company.country
    ? { country: member.company.country, region: member.company.region }
    : deps.config.taxSeller;
}

/**
 * The delivery POST /order would charge now for this part and quantity (the purchase page shows it
 * before Confirm Order): the method, its cost and tax; null when the order would carry none.
 */
export async function previewOrderDelivery(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: Actor,
  query: OrderDeliveryQuery,
): Promise<DeliveryOptionDto | null> {
  const member = await findMembership(deps.db, user.id);
  const lines = await orderFormLines(
    deps.db,
    await memberView(deps.db, member),
    query.productId,
    query.buyQuantity,
  );
  const destination = orderFormDestination(deps, member);
  const choice = await cheapestShippingFor(deps.db, destination, lines);
  if (!choice || !destination) return null;
  const { options } = await deliveryOptionsFor(deps, user.id, destination, parcelFactsOf(lines));
  return options.find((option) => option.methodId === choice.methodId) ?? null;
}

/** placeOrder's work inside the caller's transaction `tx`; call afterOrderPlaced once it has committed. */
export async function takeOrder(
  deps: AppDeps,
  tx: Executor,
  user: Actor,
  body: CreateOrderBody,
): Promise<PlacedOrder> {
  const quantity = body.buyQuantity;
  // A member orders for their company (docs/decisions/0213): finance may not order, and a buyer's spending
  // limit holds here as at checkout. This form cannot send an order for approval: the cart can.
  const member = await findMembership(tx, user.id);
  assertMayOrder(member);
  const catalogue = await memberView(tx, member);
  const [seen] = await orderFormLines(tx, catalogue, body.productId, quantity);
  if (member && (member.orderLimitCents !== null || member.monthlyLimitCents !== null)) {
    const line = seen;
    const over = line?.product ? await spendingCheck(tx, user.id, line.totalCents) : null;
    if (over) {
      throw new DomainError(
        'OVER_SPENDING_LIMIT',
        `${over.reason} Add the part to your cart and check out: an order over your limit is sent to your approver.`,
      );
    }
  }
  // The spec's form sends no delivery: the cheapest method shipping to the buyer's country, priced
  // again on the locked row by placeLines (decision 0268).
  const shipping = await cheapestShippingFor(tx, orderFormDestination(deps, member), seen ? [seen] : []);
  const { checkout, orders, lowOnStock } = await placeLines(
    tx,
    user,
    [{ productId: body.productId, quantity }],
    { ...body, companyId: member?.companyId, catalogue, taxSeller: deps.config.taxSeller, shipping },
    ([line]) => {
      const product = line?.product;
      if (!line || !product) throw notFound('Product');
      // The spec's form: zero or fewer pieces is 'less than the minimum', with the spec's message.
      if (line.problem?.rule === 'quantity' && Number.isInteger(quantity) && quantity < product.minOrder) {
        throw tooMany(messages.quantityBelowMinimum(product.minOrder));
      }
      if (line.problem) throw tooMany(line.problem.message);
      if (line.totalCents > MAX_ORDER_TOTAL_CENTS) {
        throw tooMany(
          `An order can total at most $${toDollars(MAX_ORDER_TOTAL_CENTS)}: please order fewer pieces.`,
        );
      }
      if (body.productName != null && body.productName.trim() !== product.name) {
        throw conflict(
          `This product is now called '${product.name}'. Please check the order and try again.`,
          'PRODUCT_CHANGED',
        );
      }
      if (body.price !== undefined && toCents(body.price) !== line.unitCents) {
        throw conflict(
          `The price for ${quantity} pcs is now $${toDollars(line.unitCents)} per piece. Please check the new total and try again.`,
          'PRICE_CHANGED',
        );
      }
      if (body.totalPrize !== undefined && toCents(body.totalPrize) !== line.totalCents) {
        throw conflict(
          `The total for ${quantity} pcs is $${toDollars(line.totalCents)}, not $${body.totalPrize}. Please check the order and try again.`,
          'TOTAL_MISMATCH',
        );
      }
    },
  );
  const [placed] = orders;
  if (!placed) throw new Error('a checkout of one line placed no order');
  await checkUnpaidHolds(tx, deps.config, user.id);
  await queueLowStockAlert(deps, tx, lowOnStock);
  return {
    order: placed,
    mailIds: [
      await queueOrderMail(deps, tx, 'placed', placed),
      ...(await queueAdminOrderMail(deps, tx, 'placed', checkout, orders)),
    ],
  };
}

export async function afterOrderPlaced(deps: AppDeps, placed: PlacedOrder): Promise<void> {
  deps.catalogueCache.invalidate();
  // After the answer: the customer's request never waits for the mail server (docs/decisions/0045).
  deps.mailer.deliverLater(placed.mailIds);
}

/** The customer's own orders, newest first; `email` must be theirs (the spec's query asks for it). */
export async function listMyOrders(deps: AppDeps, user: Actor, email: string): Promise<OrderRow[]> {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('You can only see your own orders.');
  }
  return createOrdersRepository(deps.db).listByUser(user.id, await readableCompanyOf(deps.db, user.id));
}

/** A company's newest orders (the shop admin's company page). */
export async function listCompanyOrders(deps: Pick<AppDeps, 'db'>, companyId: string, limit: number) {
  return createOrdersRepository(deps.db).listByCompany(companyId, limit);
}

/** How many orders there are: the count the admin's unpaged list sends before it streams them. */
export async function countAllOrders(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return createOrderSearchRepository(deps.db).countAll();
}

/** One order: its buyer's, their company's by role (docs/decisions/0213), any for admins; else 404. */
export async function getOrder(deps: AppDeps, user: Actor, id: string): Promise<OrderRow> {
  const order = await createOrdersRepository(deps.db).findById(id);
  if (!order || !(await mayRead(deps.db, order, user))) throw notFound('Order');
  return order;
}

/** Why this caller may not cancel this order now, or undefined when they may. */
function cancelRefusal(order: OrderRow, user: Actor) {
  if (order.status === 'cancelled') return conflict('This order is already cancelled.', 'ORDER_CANCELLED');
  if (order.status === 'shipped') return conflict('A shipped order cannot be cancelled.', 'ORDER_SHIPPED');
  if (order.shippedQuantity > 0) {
    return conflict(
      `${order.shippedQuantity} of its ${order.quantity} pieces have shipped, so this order cannot be cancelled.`,
      'ORDER_SHIPPED',
    );
  }
  if (order.paid && user.role !== 'admin') {
    return conflict('This order is already paid. Please contact us to cancel it.', 'ORDER_PAID');
  }
  return undefined;
}

/**
 * An order on terms was paid by bank transfer (marked paid by an admin, its reference as transaction id):
 * no card provider holds that money, so a cancel credits it and the shop transfers it back.
 */
const paidByTransfer = (order: Pick<OrderRow, 'paid' | 'dueAt'>) => order.paid && order.dueAt !== null;

const cardOf = (order: Pick<OrderRow, 'cardBrand' | 'cardLast4'>) =>
  order.cardBrand && order.cardLast4
    ? `${order.cardBrand.charAt(0).toUpperCase()}${order.cardBrand.slice(1)} card ending ${order.cardLast4}`
    : undefined;

/**
 * What cancelling the order would do, for the confirmation dialog: the amount refunded (a paid order),
 * or credited (an order invoiced on terms), or nothing (unpaid). The same refusal as the cancel itself
 * when the caller may not cancel it.
 */
export async function previewCancel(deps: AppDeps, user: Actor, id: string): Promise<CancelPreview> {
  const order = visibleOrder(await createOrdersRepository(deps.db).findById(id), user);
  const refused = cancelRefusal(order, user);
  if (refused) throw refused;
  const amount = toDollars(order.totalCents);
  const figure = `$${amount.toFixed(2)}`;
  if (paidByTransfer(order)) {
    return {
      outcome: 'refund',
      amount,
      message: `It was paid by bank transfer (reference ${order.transactionId ?? '-'}): a credit note for ${figure} will be issued, and the ${figure} must be paid back to the customer by bank transfer.`,
    };
  }
  if (order.paid) {
    const card = cardOf(order);
    return {
      outcome: 'refund',
      amount,
      message: card
        ? `A refund of ${figure} will be made to the ${card}.`
        : `A refund of ${figure} will be made to the payment it was paid with.`,
    };
  }
  if (order.dueAt) {
    return {
      outcome: 'creditNote',
      amount,
      message: `A credit note for ${figure} will be issued: nothing will be owed for this order.`,
    };
  }
  return { outcome: 'nothing', amount: 0, message: 'It is not paid, so nothing will be charged.' };
}

/**
 * Cancels an order and gives its stock back: the customer an unpaid one of theirs; an admin any order
 * not shipped, refunding a paid one first and crediting an invoiced one. The order stays on record as
 * cancelled (decision 0195). The customer hears of a cancel they did not make.
 */
export async function cancelOrder(deps: AppDeps, user: Actor, id: string): Promise<OrderRow> {
  const isAdmin = user.role === 'admin';
  const { cancelled, mailIds } = await writeCatalogue(deps, async (tx) => {
    const orders = createOrdersRepository(tx);
    // Its product first, as every path that gives stock back or receives it locks (decision 0238).
    const part = (await orders.findById(id))?.productId;
    if (part) await lockProducts(tx, [part]);
    // Locked: a parallel cancel (or ship) waits here, then finds the order cancelled (or shipped).
    const order = visibleOrder(await orders.lockById(id), user);
    const refused = cancelRefusal(order, user);
    if (refused) throw refused;
    // Refund first, in the transaction: if the provider fails, the order stays as it was. Only this
    // line's total: one payment may have paid every line of a checkout.
    if (paidByTransfer(order)) {
      await issueCreditNote(tx, order, {}, new Date(), transferBackNote(order));
    } else if (order.paid && order.transactionId) {
      await deps.payments.refund(order.transactionId, tx, { amountCents: order.grossCents, key: order.id });
      // The refund's credit note, numbered in the same transaction (docs/decisions/0110).
      await issueCreditNote(tx, order);
    } else if (!order.paid && order.dueAt) {
      // A line on terms was invoiced when it was placed: its cancel is credited (decision 0112).
      await issueCreditNote(tx, order, {}, new Date(), 'Cancelled before payment; nothing is owed for it');
    }
    const row = await orders.cancelAndRestock(order.id, isAdmin ? 'unshipped' : 'unpaid');
    if (!row) throw notFound('Order');
    // The pieces it gave back serve lines still waiting for that part first, oldest first.
    const { mailIds: filledMails } = row.productId
      ? await fillBackorders(deps, tx, [row.productId])
      : { mailIds: [] };
    if (isAdmin) await auditCancel(tx, user, order);
    await emitEvent(tx, 'order.cancelled', { order: toOrderDto(row) }, { companyId: row.companyId });
    deps.log.info(
      { orderId: order.id, by: user.id, refunded: order.paid, transactionId: order.transactionId },
      'order cancelled',
    );
    // The customer hears of a cancel they did not make; the mail commits with the cancel.
    if (order.userId === user.id) return { cancelled: row, mailIds: filledMails };
    const creditNote =
      order.paid || order.dueAt ? await documentAttachments(deps, tx, order.id, 'credit_note') : undefined;
    return {
      cancelled: row,
      mailIds: [
        ...filledMails,
        await queueOrderMail(deps, tx, 'cancelledByShop', row, { attachments: creditNote }),
      ],
    };
  });
  deps.mailer.deliverLater(mailIds);
  await adjustOpenPayments(deps, [cancelled]);
  return cancelled;
}

const transferBackNote = (order: OrderRow) =>
  `Paid by bank transfer (reference ${order.transactionId ?? '-'}); the amount is paid back by bank transfer`;

/** The audit entries of an admin's cancel (docs/decisions/0106): the order as it was, and its refund. */
async function auditCancel(tx: Executor, admin: Actor, order: OrderRow) {
  const subject = { type: 'order' as const, id: order.id, label: order.number };
  await recordAudit(tx, admin, {
    action: 'order.cancelled',
    subject,
    before: {
      customer: order.customerEmail,
      product: order.productName,
      quantity: order.quantity,
      total: toDollars(order.totalCents),
      paid: order.paid,
      status: order.status,
    },
  });
  if (order.paid && order.transactionId) {
    await recordAudit(tx, admin, {
      action: 'order.refunded',
      subject,
      after: {
        refunded: toDollars(order.totalCents),
        transactionId: order.transactionId,
        // Paid by transfer: the credit note is issued; the money goes back by a transfer the shop makes.
        ...(paidByTransfer(order) ? { by: 'bank transfer, to be made by the shop' } : {}),
      },
    });
  }
}

/** Order lines locked in id order in the caller's transaction `tx`, with their checkout's number (a shipment's). */
export const lockOrderLines = (tx: Executor, ids: readonly string[]) =>
  createOrdersRepository(tx).lockLines(ids);

/** Adds shipped pieces to a line in `tx` (see OrdersRepository.addShipped); undefined when the rule refused. */
export async function addShippedPieces(tx: Executor, id: string, pieces: number, at: Date) {
  const row = await createOrdersRepository(tx).addShipped(id, pieces, at);
  // order.shipped when its last piece has gone (a partial shipment leaves it pending).
  if (row?.status === 'shipped')
    await emitEvent(tx, 'order.shipped', { order: toOrderDto(row) }, { companyId: row.companyId });
  return row;
}

/** Puts `pieces` of a product back on sale in `tx` (returned pieces fit to sell again). */
export const restockPieces = (tx: Executor, productId: string, pieces: number) =>
  createOrdersRepository(tx).restock(productId, pieces);

/** A page of the admin's order search (see OrderSearchQuerySchema). */
export interface OrderPage {
  orders: OrderRow[];
  /** Matches, exact up to TOTAL_COUNT_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
  nextCursor: string | null;
}

const encodeCursor = (cursor: OrderCursor) =>
  Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');

function decodeCursor(text: string): OrderCursor {
  const [createdAt, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !isUuid(id))
    throw badRequest('cursor is not valid: start again from the first page.', { cursor: 'is not valid' });
  return { createdAt, id };
}

/** Dates of the filters are whole days in UTC: 'to' includes its day. */
function dayBounds(query: OrderSearchQuery) {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const before = query.to ? addDays(startOfDay(query.to), 1) : undefined;
  return { from, before };
}

function filtersOf(query: OrderSearchQuery) {
  return {
    search: query.search || undefined,
    paid: query.paid === undefined ? undefined : query.paid === 'true',
    status: query.status,
    ...dayBounds(query),
  };
}

/** The orders an export reads at a time. */
export const EXPORT_BATCH = 1000;

/**
 * Every order matching the admin's filters (search, paid, status, from, to), newest first, a batch at
 * a time (keyset): for the CSV export and the unpaged list (no filters), which stream them.
 */
export async function* exportOrders(
  deps: Pick<AppDeps, 'db'>,
  query: OrderSearchQuery,
): AsyncGenerator<OrderView[]> {
  const repository = createOrderSearchRepository(deps.db);
  const filters = filtersOf(query);
  let after: OrderCursor | undefined;
  for (;;) {
    const rows = await repository.exportBatch(filters, after, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map((row) => row.order);
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.cursor;
  }
}

export async function searchOrders(
  deps: Pick<AppDeps, 'db'>,
  query: OrderSearchQuery & { limit: number },
): Promise<OrderPage> {
  const repository = createOrderSearchRepository(deps.db);
  const filters = filtersOf(query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = query.page ? (query.page - 1) * query.limit : undefined;
  // One row more than the page tells whether another page follows.
  const [rows, total] = await Promise.all([
    repository.page(filters, { limit: query.limit + 1, after, offset }),
    repository.count(filters, TOTAL_COUNT_CAP),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map((row) => row.order),
    total: Math.min(total, TOTAL_COUNT_CAP),
    capped: total > TOTAL_COUNT_CAP,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursor) : null,
  };
}

/*
 * Orders as other modules read and pay them (the SQL stays in this module's repository). Paying is
 * payments' rule (withPaymentRecording); marking the row paid is this module's write.
 */
export const findOrder = (db: Executor, id: string) => createOrdersRepository(db).findById(id);
/** Locks the order's row until `tx` ends. */
export const lockOrder = (tx: Executor, id: string) => createOrdersRepository(tx).lockById(id);
export async function markOrderPaid(
  tx: Executor,
  id: string,
  payment: Parameters<OrdersRepository['markPaid']>[1],
): Promise<boolean> {
  const repository = createOrdersRepository(tx);
  if (!(await repository.markPaid(id, payment))) return false;
  const order = await repository.findById(id);
  if (order) await emitEvent(tx, 'order.paid', { order: toOrderDto(order) }, { companyId: order.companyId });
  return true;
}
export const setOrderPaymentIntent = (db: Executor, id: string, intentId: string, previous: string | null) =>
  createOrdersRepository(db).setPaymentIntent(id, intentId, previous);
/** Whether the buyer has a paid order (of this product, when given): a verified purchase. */
export const hasPaidOrder = (db: Executor, userId: string, productId?: string) =>
  createOrdersRepository(db).hasPaidOrder(userId, productId);

/*
 * Checkouts as other modules read and pay them: the rows grouping the lines placed together, which
 * placement writes (the SQL is in checkouts-repository.ts).
 */
export const findCheckout = (db: Executor, id: string) => createCheckoutRepository(db).findById(id);
/** The lines still standing in the checkout (not cancelled), in the order they were placed. */
export const checkoutLines = (db: Executor, checkoutId: string) =>
  createCheckoutRepository(db).linesOf(checkoutId);
/** The checkout's standing lines, locked until `tx` ends, in id order (as every payment path locks them). */
export const lockCheckoutLines = (tx: Executor, checkoutId: string) =>
  createCheckoutRepository(tx).lockLines(checkoutId);
/** Records the intent opened for the checkout unless another call recorded one first. */
export const setCheckoutPaymentIntent = (
  db: Executor,
  id: string,
  intentId: string,
  previous: string | null,
) => createCheckoutRepository(db).setPaymentIntent(id, intentId, previous);
