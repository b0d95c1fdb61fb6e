import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkouts, orders, products } from '../../db/schema/index.ts';

/** A line with pieces still waiting for stock, as the fill and the admin's list read it. */
export interface WaitingLine {
  id: string;
  number: string;
  productId: string;
  productName: string;
  sku: string | null;
  customerName: string;
  customerEmail: string;
  checkoutNumber: string | null;
  quantity: number;
  backorderedQuantity: number;
  leadTimeDays: number | null;
  createdAt: Date;
}

const waitingColumns = {
  id: orders.id,
  number: orders.number,
  productId: sql<string>`${orders.productId}`,
  productName: orders.productName,
  sku: products.sku,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  checkoutNumber: checkouts.number,
  quantity: orders.quantity,
  backorderedQuantity: orders.backorderedQuantity,
  leadTimeDays: orders.leadTimeDays,
  createdAt: orders.createdAt,
};

/** A line a receipt served, with what its buyer's mail says. */
export interface FilledLine {
  number: string;
  productName: string;
  customerName: string;
  customerEmail: string;
  /** Pieces this receipt gave it. */
  pieces: number;
  /** Pieces it still waits for. */
  stillWaiting: number;
}

const waiting = and(gt(orders.backorderedQuantity, 0), eq(orders.status, 'pending'));

/** The SQL of back-orders (decision 0238): the waiting lines, their fill, their release. */
export function createBackordersRepository(db: Executor) {
  return {
    /** Locks the products' rows in id order, as checkout does: a receipt and a checkout take turns. */
    async lockProducts(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: products.id, availableQuantity: products.availableQuantity })
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id))
        .for('no key update');
    },

    /**
     * The waiting lines of these products, locked in id order (every path that locks order lines locks
     * them so), answered oldest first: the order a receipt serves them in.
     */
    async lockWaiting(
      productIds: readonly string[],
    ): Promise<{ id: string; productId: string; backorderedQuantity: number; createdAt: Date }[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({
          id: orders.id,
          productId: sql<string>`${orders.productId}`,
          backorderedQuantity: orders.backorderedQuantity,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(and(inArray(orders.productId, [...productIds]), waiting))
        .orderBy(asc(orders.id))
        .for('update');
      return rows.sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
    },

    /** Fills `pieces` of a waiting line; only while that many still wait and it is not cancelled. */
    async fill(id: string, pieces: number): Promise<FilledLine | undefined> {
      const [row] = await db
        .update(orders)
        .set({ backorderedQuantity: sql`${orders.backorderedQuantity} - ${pieces}` })
        .where(
          and(
            eq(orders.id, id),
            eq(orders.status, 'pending'),
            sql`${orders.backorderedQuantity} >= ${pieces}`,
          ),
        )
        .returning({
          number: orders.number,
          productName: orders.productName,
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          stillWaiting: orders.backorderedQuantity,
        });
      return row && { ...row, pieces };
    },

    /** Takes `pieces` from a product's shelf for the lines filled; only if that many are there. */
    async takeFromShelf(productId: string, pieces: number): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ availableQuantity: sql`${products.availableQuantity} - ${pieces}`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), sql`${products.availableQuantity} >= ${pieces}`))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** The admin's list: a page of the waiting lines, oldest first, with its part and buyer. */
    async list(limit: number, offset: number): Promise<WaitingLine[]> {
      return db
        .select(waitingColumns)
        .from(orders)
        .leftJoin(products, eq(products.id, orders.productId))
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(waiting)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit)
        .offset(offset);
    },

    /** How many lines wait (the list's total). */
    count: () => db.$count(orders, waiting),
  };
}
