import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fixedStatement } from '../../db/fixed-statement.ts';
import { orders, products, users } from '../../db/schema/index.ts';

/** What unpaid orders (not on terms) hold of one product, by this customer and by all. */
export interface HeldStock {
  name: string;
  available: number;
  minOrder: number;
  byCustomer: number;
  byAll: number;
}

/** One product's row of the figures, as json_agg spells it (sums of bigint may come as strings). */
type HeldRow = {
  name: string;
  available: number;
  min_order: number;
  by_customer: number | string;
  by_all: number | string;
};

/**
 * figures()' statement, of fixed shape (docs/decisions/0050): whether the customer ever paid, what their
 * unpaid orders are worth (orders on payment terms count against the credit limit instead, decision
 * 0112), and, only for a customer who never paid, what unpaid orders hold of each of the products.
 */
const figures = fixedStatement<
  { userId: string; productIds: string[] },
  { established: boolean; unpaid_cents: number | string; held: HeldRow[] | null }
>('orders_hold_figures', () => {
  const userId = sql.placeholder('userId');
  const established = sql`exists (select 1 from ${orders} where ${orders.userId} = ${userId} and ${orders.paid})`;
  return sql`select ${established} as established,
      (select coalesce(sum(${orders.totalCents}), 0) from ${orders}
        where ${orders.userId} = ${userId} and not ${orders.paid} and ${orders.dueAt} is null) as unpaid_cents,
      -- An established customer's holds are not bounded per product: CASE skips that scan.
      case when ${established} then '[]'::json else (
        select coalesce(json_agg(h), '[]'::json) from (
          select ${products.name} as name, ${products.availableQuantity} as available,
            ${products.minOrder} as min_order,
            coalesce(sum(${orders.quantity}) filter (where ${orders.userId} = ${userId}), 0) as by_customer,
            coalesce(sum(${orders.quantity}), 0) as by_all
          from ${products}
          join ${orders} on ${orders.productId} = ${products.id} and not ${orders.paid} and ${orders.dueAt} is null
          where ${products.id} = any(${sql.placeholder('productIds')}::uuid[])
          group by ${products.id}
        ) h) end as held
    from ${users} where ${users.id} = ${userId}`;
});

/** The queries of the unpaid-order bounds (holds.ts, docs/decisions/0032), in the caller's transaction. */
export function createHoldsRepository(db: Executor) {
  return {
    /**
     * One statement: whether the customer ever paid, what their unpaid orders are worth (orders on
     * payment terms count against the credit limit instead, decision 0112), and, only for a customer
     * who never paid, what unpaid orders hold of each of `productIds`. Run it with the customer's row
     * locked already, in a statement of its own: its snapshot must be taken after the lock, so that it
     * counts the orders of every transaction that held the lock before (PostgreSQL takes a statement's
     * snapshot when it starts, so a SELECT … FOR UPDATE would count what it saw before it waited).
     */
    async figures(
      userId: string,
      productIds: string[],
    ): Promise<{ established: boolean; unpaidCents: number; held: HeldStock[] }> {
      const [account] = await figures(db, { userId, productIds });
      return {
        established: account?.established === true,
        unpaidCents: Number(account?.unpaid_cents ?? 0),
        held: (account?.held ?? []).map((row) => ({
          name: row.name,
          available: row.available,
          minOrder: row.min_order,
          byCustomer: Number(row.by_customer),
          byAll: Number(row.by_all),
        })),
      };
    },
  };
}
