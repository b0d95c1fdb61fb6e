import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, products, users } from '../../db/schema/index.ts';

/** The queries of the unpaid-order bounds (holds.ts, docs/decisions/0032), in the caller's transaction. */
export function createHoldsRepository(db: Executor) {
  return {
    /**
     * One statement: the customer's row locked, whether they ever paid, and what their unpaid orders
     * are worth. Orders on payment terms count against the credit limit instead (decision 0112).
     */
    async lockAccount(userId: string): Promise<{ established: boolean; unpaidCents: number }> {
      const [account] = await db
        .select({
          established: sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${userId} and ${orders.paid})`,
          unpaidCents: sql<string>`(select coalesce(sum(${orders.totalCents}), 0) from ${orders} where ${orders.userId} = ${userId} and not ${orders.paid} and ${orders.dueAt} is null)`,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update', { of: users });
      return { established: account?.established === true, unpaidCents: Number(account?.unpaidCents ?? 0) };
    },

    /** For each product: what unpaid orders (not on terms) hold of it, by this customer and by all. */
    async heldStock(userId: string, productIds: string[]) {
      const rows = await db
        .select({
          name: products.name,
          available: products.availableQuantity,
          minOrder: products.minOrder,
          byCustomer: sql<string>`coalesce(sum(${orders.quantity}) filter (where ${orders.userId} = ${userId}), 0)`,
          byAll: sql<string>`coalesce(sum(${orders.quantity}), 0)`,
        })
        .from(products)
        .innerJoin(
          orders,
          and(eq(orders.productId, products.id), eq(orders.paid, false), isNull(orders.dueAt)),
        )
        .where(inArray(products.id, productIds))
        .groupBy(products.id, products.name, products.availableQuantity, products.minOrder);
      return rows.map((row) => ({
        name: row.name,
        available: row.available,
        minOrder: row.minOrder,
        byCustomer: Number(row.byCustomer),
        byAll: Number(row.byAll),
      }));
    },
  };
}
