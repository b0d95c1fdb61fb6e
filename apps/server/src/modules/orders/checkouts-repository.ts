import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkouts, orders, type CheckoutRow, type OrderRow } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

const standingIn = (checkoutId: string) =>
  and(eq(orders.checkoutId, checkoutId), ne(orders.status, 'cancelled'));

/** Checkouts (the row grouping orders placed together) and the lines that stand in them. */
export function createCheckoutRepository(db: Executor) {
  return {
    async findById(id: string): Promise<CheckoutRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
      return row;
    },

    /**
     * The orders still standing in the checkout (not cancelled: those stay on record, decision 0195),
     * in the order they were placed (their numbers).
     */
    async linesOf(checkoutId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(standingIn(checkoutId))
        .orderBy(asc(orders.createdAt), asc(orders.number));
    },

    /**
     * The standing orders of the checkout, locked until the transaction ends, in id order (as every
     * payment path locks them): a cancel or a second payment of the same lines waits, then sees them paid.
     */
    async lockLines(checkoutId: string): Promise<OrderRow[]> {
      return db.select().from(orders).where(standingIn(checkoutId)).orderBy(asc(orders.id)).for('update');
    },

    /** Records the intent opened for the checkout unless another call recorded one first. */
    async setPaymentIntent(id: string, intentId: string, previous: string | null): Promise<boolean> {
      const rows = await db
        .update(checkouts)
        .set({ paymentIntentId: intentId })
        .where(
          and(
            eq(checkouts.id, id),
            previous === null ? isNull(checkouts.paymentIntentId) : eq(checkouts.paymentIntentId, previous),
          ),
        )
        .returning({ id: checkouts.id });
      return rows.length > 0;
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
