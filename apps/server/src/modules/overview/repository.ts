import { and, asc, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, products } from '../../db/schema/index.ts';

/** How many low products and top products the overview lists. */
const LIST_SIZE = 8;
const TOP_PRODUCTS = 5;

/** A sum of cents or pieces: bigint and numeric come back from the drivers as text. */
const total = (
  column: typeof orders.totalCents | typeof orders.taxCents | typeof orders.quantity,
  where?: ReturnType<typeof sql>,
) =>
  (where
    ? sql`COALESCE(SUM(${column}) FILTER (WHERE ${where}), 0)`
    : sql`COALESCE(SUM(${column}), 0)`
  ).mapWith(Number);

/** isLowOnStock (packages/shared pricing.ts) in SQL: at or below its own line, or below one minimum order. */
const lowStock = sql`(${products.availableQuantity} <= ${products.lowStockThreshold} OR ${products.availableQuantity} < ${products.minOrder})`;

/**
 * Orders that count: a cancelled one stays on record (decision 0195) but was refunded or credited, so it
 * is neither revenue nor owed nor holding stock.
 */
const standing = ne(orders.status, 'cancelled');

/** The admin overview's aggregates; `now` is passed in so that a test can fix the clock. */
export function createOverviewRepository(db: Executor) {
  return {
    /** Paid revenue (cents) since the start of today (UTC), 7 and 30 days ago; orders to ship; unpaid. */
    async totals(now: Date, startOfToday: Date) {
      const since = (days: number) => new Date(now.getTime() - days * 86_400_000);
      const [row] = await db
        .select({
          todayCents: total(orders.totalCents, sql`${orders.paid} AND ${orders.paidAt} >= ${startOfToday}`),
          last7Cents: total(orders.totalCents, sql`${orders.paid} AND ${orders.paidAt} >= ${since(7)}`),
          last30Cents: total(orders.totalCents, sql`${orders.paid} AND ${orders.paidAt} >= ${since(30)}`),
          // The tax collected beside the (net) revenue: owed to the tax office, not the shop's.
          taxTodayCents: total(orders.taxCents, sql`${orders.paid} AND ${orders.paidAt} >= ${startOfToday}`),
          tax7Cents: total(orders.taxCents, sql`${orders.paid} AND ${orders.paidAt} >= ${since(7)}`),
          tax30Cents: total(orders.taxCents, sql`${orders.paid} AND ${orders.paidAt} >= ${since(30)}`),
          toShip: sql`COUNT(*) FILTER (WHERE ${orders.paid} AND ${orders.status} = 'pending')`.mapWith(
            Number,
          ),
          toShipCents: total(orders.totalCents, sql`${orders.paid} AND ${orders.status} = 'pending'`),
          unpaid: sql`COUNT(*) FILTER (WHERE NOT ${orders.paid})`.mapWith(Number),
          unpaidCents: total(orders.totalCents, sql`NOT ${orders.paid}`),
          heldPieces: total(orders.quantity, sql`NOT ${orders.paid}`),
        })
        .from(orders)
        .where(standing);
      if (!row) throw new Error('an aggregate answered no row');
      return row;
    },

    /** Products low on stock (decision 0108), the furthest below their line first. */
    async lowStock() {
      const [counted, rows] = await Promise.all([
        db.select({ n: count() }).from(products).where(lowStock),
        db
          .select({
            id: products.id,
            name: products.name,
            available: products.availableQuantity,
            minOrder: products.minOrder,
          })
          .from(products)
          .where(lowStock)
          .orderBy(
            // Furthest below its own line first.
            sql`${products.availableQuantity}::float / GREATEST(${products.minOrder}, ${products.lowStockThreshold}, 1)`,
            asc(products.name),
          )
          .limit(LIST_SIZE),
      ]);
      return { count: counted[0]?.n ?? 0, products: rows };
    },

    /** Paid revenue (cents) per UTC day from `firstDay` on; days without a payment are absent. */
    async dailyRevenue(firstDay: Date) {
      const day = sql<string>`to_char(${orders.paidAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({ day, cents: total(orders.totalCents) })
        .from(orders)
        .where(and(eq(orders.paid, true), standing, gte(orders.paidAt, firstDay)))
        .groupBy(day);
    },

    /** The products that brought the most paid revenue since `firstDay`. */
    async topProducts(firstDay: Date) {
      const cents = total(orders.totalCents);
      return db
        .select({ name: orders.productName, cents, pieces: total(orders.quantity) })
        .from(orders)
        .where(and(eq(orders.paid, true), standing, gte(orders.paidAt, firstDay)))
        .groupBy(orders.productName)
        .orderBy(desc(cents), asc(orders.productName))
        .limit(TOP_PRODUCTS);
    },
  };
}
