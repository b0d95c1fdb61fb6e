import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, type OrderRow } from '../../db/schema/index.ts';
import { countUpTo } from '../../lib/count.ts';

export interface OrderFilters {
  search?: string | undefined;
  paid?: boolean | undefined;
  status?: 'pending' | 'shipped' | undefined;
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
      ),
    );
  }
  if (filters.paid !== undefined) parts.push(eq(orders.paid, filters.paid));
  if (filters.status) parts.push(eq(orders.status, filters.status));
  if (filters.from) parts.push(gte(orders.createdAt, filters.from));
  if (filters.before) parts.push(lt(orders.createdAt, filters.before));
  return and(...parts);
}

/** The admin's order search: filters, newest first, keyset or offset pages, and the count of matches. */
export function createOrderSearchRepository(db: Executor) {
  return {
    async page(
      filters: OrderFilters,
      options: { limit: number; after?: OrderCursor | undefined; offset?: number | undefined },
    ): Promise<{ order: OrderRow; cursor: OrderCursor }[]> {
      const at = options.after && sql`${options.after.createdAt}::timestamptz`;
      const after = options.after
        ? or(
            sql`${orders.createdAt} < ${at}`,
            and(sql`${orders.createdAt} = ${at}`, lt(orders.id, options.after.id)),
          )
        : undefined;
      const rows = await db
        .select({ order: orders, createdAt: sql<string>`${orders.createdAt}::text` })
        .from(orders)
        .where(and(conditions(filters), after))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(options.limit)
        .offset(options.offset ?? 0);
      return rows.map(({ order, createdAt }) => ({ order, cursor: { createdAt, id: order.id } }));
    },

    /** The number of matches, counted up to `cap + 1` only: see countUpTo. */
    async count(filters: OrderFilters, cap: number): Promise<number> {
      return countUpTo(db, orders, conditions(filters), cap);
    },
  };
}
