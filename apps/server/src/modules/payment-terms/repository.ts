import { and, asc, eq, exists, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  checkouts,
  invoices,
  orders,
  paymentTerms,
  users,
  type CheckoutRow,
  type PaymentTermsRow,
} from '../../db/schema/index.ts';

/** Reminders queued in one transaction, at most. */
export const REMINDER_BATCH = 50;

/** An open invoice checkout with what is still unpaid of it and its invoice. */
export interface OpenTermsInvoice {
  checkout: CheckoutRow;
  dueCents: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

/** The unpaid lines of a checkout on terms (a line cancelled since is credited; a paid one no longer due). */
const unpaidLinesOf = (db: Executor) =>
  db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkouts.id), owing));

/** A line still owed: not paid and not cancelled (a cancelled line stays on record, decision 0195). */
const owing = and(eq(orders.paid, false), ne(orders.status, 'cancelled'));

/** Payment terms (decision 0112): who may pay by invoice, and the invoices on terms still open. */
export function createPaymentTermsRepository(db: Executor) {
  return {
    async find(userId: string): Promise<PaymentTermsRow | undefined> {
      const [row] = await db.select().from(paymentTerms).where(eq(paymentTerms.userId, userId));
      return row;
    },

    /** The customer's e-mail address, or undefined when there is no such user. */
    async userEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** Sets (or, with null, withdraws) the terms; answers whether anything changed. */
    async set(
      userId: string,
      terms: { termsDays: number; creditLimitCents: number } | null,
      by: string,
    ): Promise<boolean> {
      if (terms === null) {
        const gone = await db
          .delete(paymentTerms)
          .where(eq(paymentTerms.userId, userId))
          .returning({ id: paymentTerms.userId });
        return gone.length > 0;
      }
      const current = await this.find(userId);
      if (current?.termsDays === terms.termsDays && current.creditLimitCents === terms.creditLimitCents)
        return false;
      const values = { ...terms, updatedBy: by, updatedAt: new Date() };
      await db
        .insert(paymentTerms)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: paymentTerms.userId, set: values });
      return true;
    },

    /**
     * Locks the customer's row until the transaction ends, as the stock holds do (decision 0032): two
     * checkouts of one customer are counted one after the other. Always taken after the product rows.
     */
    async lockCustomer(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    },

    /** What the customer's orders on terms still owe (cents), the lines of this transaction included. */
    async unpaidOnTermsCents(userId: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
        .from(orders)
        .where(and(eq(orders.userId, userId), owing, isNotNull(orders.dueAt)));
      return Number(row?.cents ?? 0);
    },

    /** Invoice checkouts with a line still unpaid, soonest due first; `overdueAt`: only those due before it. */
    async listOpen(options: { overdueAt?: Date; limit: number }): Promise<OpenTermsInvoice[]> {
      const rows = await db
        .select({
          checkout: checkouts,
          dueCents: sql<string>`(select coalesce(sum(${orders.totalCents}), 0) from ${orders} where ${orders.checkoutId} = ${checkouts.id} and ${owing})`,
          invoiceId: invoices.id,
          invoiceNumber: invoices.number,
        })
        .from(checkouts)
        .leftJoin(
          invoices,
          and(eq(invoices.checkoutId, sql`${checkouts.id}::text`), eq(invoices.kind, 'invoice')),
        )
        .where(
          and(
            eq(checkouts.paymentMethod, 'invoice'),
            options.overdueAt ? lt(checkouts.dueAt, options.overdueAt) : undefined,
            exists(unpaidLinesOf(db)),
          ),
        )
        .orderBy(asc(checkouts.dueAt), asc(checkouts.number))
        .limit(options.limit);
      return rows.map((row) => ({ ...row, dueCents: Number(row.dueCents) }));
    },

    /**
     * Claims overdue invoice checkouts not yet reminded: each is marked reminded in the caller's
     * transaction, once, however many servers run this (FOR UPDATE SKIP LOCKED, then a conditional
     * UPDATE). Answers the claimed checkouts.
     */
    async claimOverdueUnreminded(now: Date): Promise<CheckoutRow[]> {
      const candidates = db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.paymentMethod, 'invoice'),
            lt(checkouts.dueAt, now),
            isNull(checkouts.remindedAt),
            exists(unpaidLinesOf(db)),
          ),
        )
        .orderBy(asc(checkouts.dueAt))
        .limit(REMINDER_BATCH)
        .for('update', { skipLocked: true });
      return db
        .update(checkouts)
        .set({ remindedAt: now })
        .where(and(sql`${checkouts.id} in ${candidates}`, isNull(checkouts.remindedAt)))
        .returning();
    },
  };
}

export type PaymentTermsRepository = ReturnType<typeof createPaymentTermsRepository>;
