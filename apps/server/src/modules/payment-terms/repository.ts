import { and, asc, eq, exists, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkouts, invoices, orders, type CheckoutRow } from '../../db/schema/index.ts';

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

/** Invoices on payment terms (decision 0112) still open; the terms themselves are the company's. */
export function createPaymentTermsRepository(db: Executor) {
  return {
    /** Invoice checkouts with a line still unpaid, soonest due first; `overdueAt`: only those due before it. */
    async listOpen(options: { overdueAt?: Date; limit: number }): Promise<OpenTermsInvoice[]> {
      const rows = await db
        .select({
          checkout: checkouts,
          dueCents: sql<string>`(select coalesce(sum(${orders.grossCents}), 0) from ${orders} where ${orders.checkoutId} = ${checkouts.id} and ${owing})`,
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
