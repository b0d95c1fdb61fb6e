import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { toDollars } from '@forgeline/shared/money';
import type { Order } from '@forgeline/shared/schemas/order';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { columnsOf } from '../../db/columns.ts';
import {
  checkouts,
  orders,
  products,
  shipmentLines,
  shipments,
  type OrderRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

/** What an order shows of its checkout (read with a join; absent when the row was read alone). */
export interface CheckoutRef {
  checkoutNumber: string | null;
  poReference: string | null;
  /** Our part number of the product today (the CSV exports read it; null when the part is deleted). */
  sku?: string | null;
}
export type OrderView = OrderRow & Partial<CheckoutRef>;

/** The orders table again, for "has this customer paid an order before" inside a query on orders. */

/** The order's columns and its checkout's number and PO reference. */
const orderWithCheckout = {
  ...getTableColumns(orders),
  checkoutNumber: checkouts.number,
  poReference: checkouts.poReference,
};

/** The one place where an order row becomes the wire shape, with the spec's spellings. */
export const toOrderDto = (row: OrderView): Order => ({
  _id: row.id,
  productId: row.productId,
  name: row.customerName,
  email: row.customerEmail,
  productName: row.productName,
  customerPartNumber: row.customerPartNumber,
  price: toDollars(row.priceCents),
  address: row.address,
  phone: row.phone,
  buyQuantity: row.quantity,
  totalPrize: toDollars(row.totalCents),
  // A line that bears no tax says nothing of it (its checkout says why: reverse charge, export…).
  ...(row.taxRateBasisPoints > 0 && {
    tax: toDollars(row.taxCents),
    taxRate: row.taxRateBasisPoints / 100,
    totalWithTax: toDollars(row.grossCents),
  }),
  paid: row.paid,
  transactionId: row.transactionId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  number: row.number,
  paidAt: row.paidAt?.toISOString() ?? null,
  shippedAt: row.shippedAt?.toISOString() ?? null,
  shippedQuantity: row.shippedQuantity,
  backorderedQuantity: row.backorderedQuantity,
  leadTimeDays: row.leadTimeDays,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  checkoutId: row.checkoutId,
  checkoutNumber: row.checkoutNumber ?? null,
  poReference: row.poReference ?? null,
  dueAt: row.dueAt?.toISOString() ?? null,
});

export type NewOrder = Pick<
  OrderRow,
  | 'userId'
  | 'productId'
  | 'customerName'
  | 'customerEmail'
  | 'productName'
  | 'priceCents'
  | 'quantity'
  | 'totalCents'
  | 'address'
  | 'phone'
> &
  Partial<Pick<OrderRow, 'checkoutId' | 'dueAt'>>;

/** Unpaid orders cancelled by the expiry job in one transaction, at most. */
export const EXPIRY_BATCH = 100;

/** SQL: a product's low-stock alert re-arms when stock comes back above the line (`added` pieces put back). */
const rearmAfterRestock = (added: number) => sql`CASE
  WHEN available_quantity + ${added} > low_stock_threshold AND available_quantity + ${added} >= min_order
  THEN NULL ELSE low_stock_alerted_at END`;

/** Unpaid card orders placed before `cutoff`: their payment window ran out (decision 0156). */
const lapsed = (cutoff: Date) =>
  and(
    eq(orders.paid, false),
    eq(orders.status, 'pending'),
    // Orders on payment terms are invoiced, not held: never cancelled for want of payment.
    isNull(orders.dueAt),
    lt(orders.createdAt, cutoff),
    // Freight quoted on request (decision 0236): held while the shop prices it; the payment window runs
    // from the moment it was priced.
    sql`not exists (select 1 from ${checkouts} where ${checkouts.id} = ${orders.checkoutId}
      and (${checkouts.deliveryStatus} = 'awaiting_quote' or ${checkouts.deliveryPricedAt} >= ${cutoff.toISOString()}::timestamptz))`,
  );

export function createOrdersRepository(db: Executor) {
  return {
    async insert(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Inserts the orders of one checkout in one statement; answers them in the order given. */
    async insertMany(values: NewOrder[]): Promise<OrderRow[]> {
      if (values.length === 0) return [];
      const rows = await db.insert(orders).values(values).returning();
      if (rows.length !== values.length) throw new Error('insert returned too few rows');
      return rows;
    },

    async findById(id: string): Promise<OrderView | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select(orderWithCheckout)
        .from(orders)
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(eq(orders.id, id));
      return row;
    },

    /** The shipments that took pieces of a line, oldest first, for the admin's timeline. */
    async shipmentsOfLine(orderId: string) {
      return db
        .select({
          ...columnsOf(shipments, ['number', 'carrier', 'trackingNumber', 'createdAt']),
          quantity: shipmentLines.quantity,
        })
        .from(shipmentLines)
        .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
        .where(eq(shipmentLines.orderId, orderId))
        .orderBy(asc(shipments.createdAt), asc(shipments.number));
    },

    /** The row, locked until the transaction ends (a no-op outside one). */
    async lockById(id: string): Promise<OrderRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },

    /** A person's orders and, with `companyId`, every order of that company; newest first. */
    async listByUser(userId: string, companyId?: string): Promise<OrderView[]> {
      return db
        .select({ ...orderWithCheckout, sku: products.sku })
        .from(orders)
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .leftJoin(products, eq(products.id, orders.productId))
        .where(
          companyId
            ? or(eq(orders.userId, userId), eq(orders.companyId, companyId))
            : eq(orders.userId, userId),
        )
        .orderBy(...newestFirst(orders.createdAt, orders.id));
    },

    async listByCompany(companyId: string, limit: number): Promise<OrderView[]> {
      return db
        .select(orderWithCheckout)
        .from(orders)
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(eq(orders.companyId, companyId))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(limit);
    },

    /** Whether the customer has paid for an order (of this product, when one is given). */
    async hasPaidOrder(userId: string, productId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.paid, true),
            // A cancelled order was refunded: it is not a purchase.
            ne(orders.status, 'cancelled'),
            productId === undefined ? undefined : eq(orders.productId, productId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Marks the order cancelled if it is still in a state the caller may cancel, and gives its stock
     * back, in the caller's transaction. The row stays as the record (decision 0195). The conditional
     * UPDATE … RETURNING makes the stock return happen once, however many cancels race. Answers the
     * cancelled row, or undefined when nothing changed.
     */
    async cancelAndRestock(
      id: string,
      condition: 'unpaid' | 'unshipped',
      at: Date = new Date(),
    ): Promise<OrderRow | undefined> {
      // The line's wait as it is now, locked: its back-ordered pieces were never taken from the shelf.
      const [current] = await db
        .select({ waited: orders.backorderedQuantity })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update');
      if (!current) return undefined;
      const [row] = await db
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: at, backorderedQuantity: 0 })
        .where(
          and(
            eq(orders.id, id),
            eq(orders.status, 'pending'),
            // A line some of whose pieces have gone cannot be cancelled (nor its stock given back).
            eq(orders.shippedQuantity, 0),
            condition === 'unpaid' ? eq(orders.paid, false) : undefined,
          ),
        )
        .returning();
      // Back-ordered pieces were never taken from the shelf: only the allocated ones go back (decision 0238).
      if (row?.productId) await restock(db, row.productId, row.quantity - current.waited);
      return row;
    },

    /** Pieces back on sale (returned pieces fit to sell again, decision 0240). */
    restock: (productId: string, pieces: number) => restock(db, productId, pieces),

    /** Order lines locked until the transaction ends, in id order (as checkout locks), for a shipment. */
    async lockLines(ids: readonly string[]): Promise<OrderView[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return db
        .select(orderWithCheckout)
        .from(orders)
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(inArray(orders.id, valid))
        .orderBy(asc(orders.id))
        .for('update', { of: orders });
    },

    /**
     * Adds `pieces` shipped to a line (decision 0232), marking it shipped with its last piece. Changes only
     * a line that may ship (paid, or on payment terms: the one rule, mayShip in packages/shared), is not
     * cancelled or shipped, and has that many pieces left: the guard holds even beside another
     * transaction. Answers the changed row, or undefined when nothing changed.
     */
    async addShipped(id: string, pieces: number, at: Date): Promise<OrderRow | undefined> {
      const last = sql`${orders.shippedQuantity} + ${pieces} = ${orders.quantity}`;
      const [row] = await db
        .update(orders)
        .set({
          shippedQuantity: sql`${orders.shippedQuantity} + ${pieces}`,
          status: sql`CASE WHEN ${last} THEN 'shipped' ELSE ${orders.status} END`,
          shippedAt: sql`CASE WHEN ${last} THEN ${at.toISOString()}::timestamptz ELSE ${orders.shippedAt} END`,
        })
        .where(
          and(
            eq(orders.id, id),
            or(eq(orders.paid, true), isNotNull(orders.dueAt)),
            eq(orders.status, 'pending'),
            // Back-ordered pieces are not in hand (decision 0238): only allocated ones ship.
            sql`${orders.shippedQuantity} + ${pieces} <= ${orders.quantity} - ${orders.backorderedQuantity}`,
          ),
        )
        .returning();
      return row;
    },

    /** Unpaid → paid with this payment, once: a second call (or a parallel one) changes nothing. */
    async markPaid(
      id: string,
      payment: { transactionId: string; card: { brand: string; last4: string } | null },
    ): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({
          paid: true,
          transactionId: payment.transactionId,
          paymentIntentId: payment.transactionId,
          cardBrand: payment.card?.brand ?? null,
          cardLast4: payment.card?.last4 ?? null,
          paidAt: new Date(),
        })
        .where(and(eq(orders.id, id), eq(orders.paid, false), ne(orders.status, 'cancelled')))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Records the intent opened for the order unless another call recorded one first. */
    async setPaymentIntent(id: string, intentId: string, previous: string | null): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ paymentIntentId: intentId })
        .where(
          and(
            eq(orders.id, id),
            eq(orders.paid, false),
            ne(orders.status, 'cancelled'),
            previous === null ? isNull(orders.paymentIntentId) : eq(orders.paymentIntentId, previous),
          ),
        )
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /**
     * Cancels unpaid card orders created before `cutoff` (their payment window ran out) and releases
     * their stock; the rows stay, cancelled (decision 0195). Rows another server is working on are
     * skipped (FOR UPDATE SKIP LOCKED) and a row is cancelled once, so several servers may run this at the
     * same time. Answers the cancelled orders.
     */
    async expireUnpaid(cutoff: Date): Promise<OrderRow[]> {
      // Their products first, in id order, as every path that gives stock back or takes it locks them
      // before order lines (a goods receipt locks a product, then its waiting lines: decision 0238).
      const parts = await db.selectDistinct({ id: orders.productId }).from(orders).where(lapsed(cutoff));
      const partIds = parts.flatMap((part) => (part.id ? [part.id] : [])).sort();
      if (partIds.length > 0) {
        await db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, partIds))
          .orderBy(asc(products.id))
          .for('no key update');
      }
      const candidates = await db
        .select({ id: orders.id, waited: orders.backorderedQuantity })
        .from(orders)
        .where(lapsed(cutoff))
        .orderBy(orders.createdAt)
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      if (candidates.length === 0) return [];
      const waited = new Map(candidates.map((row) => [row.id, row.waited]));
      const rows = await db
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: new Date(), backorderedQuantity: 0 })
        .where(
          and(inArray(orders.id, [...waited.keys()]), eq(orders.paid, false), eq(orders.status, 'pending')),
        )
        .returning();
      // Back-ordered pieces were never taken from the shelf: only the allocated ones go back (decision 0238).
      for (const row of rows) {
        if (row.productId) await restock(db, row.productId, row.quantity - (waited.get(row.id) ?? 0));
      }
      return rows;
    },
  };
}

async function restock(db: Executor, productId: string, quantity: number) {
  await db
    .update(products)
    .set({
      availableQuantity: sql`${products.availableQuantity} + ${quantity}`,
      lowStockAlertedAt: rearmAfterRestock(quantity),
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId));
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
