import { and, count, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { checkouts, orders, products, type OrderRow } from '../../db/schema/index.ts';
import type { OrderView } from './repository.ts';
import { countUpTo } from '../../db/count.ts';

export interface OrderFilters {
  search?: string | undefined;
  paid?: boolean | undefined;
  status?: OrderRow['status'] | undefined;
  /** Placed on or after this instant. */
  from?: Date | undefined;
  /** Placed before this instant. */
  before?: Date | undefined;
}

/**
 * Where a page starts: after the order with this creation time and id (newest first). The time is the
 * database's own text, to the microsecond: a JavaScript Date keeps milliseconds and would repeat rows.
 */
export interface OrderCursor {
  createdAt: string;
  id: string;
}

/** LIKE's own characters in a search term are searched for, not interpreted. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filters: OrderFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    parts.push(
      or(
        ilike(orders.customerEmail, pattern),
        ilike(orders.customerName, pattern),
        ilike(orders.productName, pattern),
        // An order id, or its first characters as a person reads them off a screen or an e-mail.
        sql`${orders.id}::text LIKE ${`${escapeLike(filters.search.toLowerCase())}%`}`,
        // The order number a buyer quotes ('SO-100245', 'so-100245'; older ones 'FL-…'): its unique index.
        eq(orders.number, filters.search.trim().toUpperCase()),
        // The buyer's PO reference or checkout number ('CO-100245', the number on their confirmation),
        // on the checkout: the few checkouts that match, then their orders through
        // orders_checkout_id_idx (an array, so the planner can still combine the branches).
        sql`${orders.checkoutId} = ANY(ARRAY(SELECT ${checkouts.id} FROM ${checkouts} WHERE ${or(ilike(checkouts.poReference, pattern), eq(checkouts.number, filters.search.trim().toUpperCase()))}))`,
      ),
    );
  }
  if (filters.paid !== undefined) parts.push(eq(orders.paid, filters.paid));
  if (filters.status) parts.push(eq(orders.status, filters.status));
  if (filters.from) parts.push(gte(orders.createdAt, filters.from));
  if (filters.before) parts.push(lt(orders.createdAt, filters.before));
  return and(...parts);
}

/** Orders after the cursor's, newest first: older, or as old with a smaller id. */
function afterCursor(after: OrderCursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const at = sql`${after.createdAt}::timestamptz`;
  return or(sql`${orders.createdAt} < ${at}`, and(sql`${orders.createdAt} = ${at}`, lt(orders.id, after.id)));
}

/** The admin's order search: filters, newest first, keyset or offset pages, and the count of matches. */
export function createOrderSearchRepository(db: Executor) {
  return {
    async page(
      filters: OrderFilters,
      options: { limit: number; after?: OrderCursor | undefined; offset?: number | undefined },
    ): Promise<{ order: OrderView; cursor: OrderCursor }[]> {
      const after = afterCursor(options.after);
      // With its checkout's number and PO reference: the admin matches an order to the buyer's paperwork.
      const rows = await db
        .select({
          order: orders,
          checkoutNumber: checkouts.number,
          poReference: checkouts.poReference,
          createdAt: sql<string>`${orders.createdAt}::text`,
        })
        .from(orders)
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(and(conditions(filters), after))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(options.limit)
        .offset(options.offset ?? 0);
      return rows.map(({ order, checkoutNumber, poReference, createdAt }) => ({
        order: { ...order, checkoutNumber, poReference },
        cursor: { createdAt, id: order.id },
      }));
    },

    /**
     * The next `limit` matching orders after `after` (newest first) with their checkout's number and PO
     * reference: the CSV export reads every match this way, a batch at a time.
     */
    async exportBatch(filters: OrderFilters, after: OrderCursor | undefined, limit: number) {
      const rows = await db
        .select({
          order: orders,
          checkoutNumber: checkouts.number,
          poReference: checkouts.poReference,
          sku: products.sku,
          createdAtText: sql<string>`${orders.createdAt}::text`,
        })
        .from(orders)
        .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .leftJoin(products, eq(products.id, orders.productId))
        .where(and(conditions(filters), afterCursor(after)))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(limit);
      return rows.map((row) => ({
        order: {
          ...row.order,
          checkoutNumber: row.checkoutNumber,
          poReference: row.poReference,
          sku: row.sku,
        },
        cursor: { createdAt: row.createdAtText, id: row.order.id },
      }));
    },

    /** Every order, counted (the unpaged list's X-Total-Count: one scan, next to reading them all). */
    async countAll(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(orders);
      return row?.value ?? 0;
    },

    /** The number of matches, counted up to `cap + 1` only: see countUpTo. */
    async count(filters: OrderFilters, cap: number): Promise<number> {
      return countUpTo(db, orders, conditions(filters), cap);
    },
  };
}
