import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentEvents, testPaymentIntents, type TestPaymentIntentRow } from '../../db/schema/index.ts';

type NewTestIntent = Pick<
  TestPaymentIntentRow,
  'id' | 'clientSecret' | 'orderId' | 'checkoutId' | 'amountCents' | 'currency'
>;

/** The payment tables: the test processor's intents and the provider events already applied. */
export function createPaymentsRepository(db: Executor) {
  return {
    async insertTestIntent(values: NewTestIntent): Promise<TestPaymentIntentRow> {
      const [row] = await db.insert(testPaymentIntents).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findTestIntent(id: string): Promise<TestPaymentIntentRow | undefined> {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row;
    },

    /** The intent of this client secret, locked until the transaction ends. */
    async lockTestIntentBySecret(clientSecret: string): Promise<TestPaymentIntentRow | undefined> {
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.clientSecret, clientSecret))
        .for('update');
      return row;
    },

    async recordTestIntentError(id: string, errorCode: string): Promise<void> {
      await db
        .update(testPaymentIntents)
        .set({ lastErrorCode: errorCode, updatedAt: new Date() })
        .where(eq(testPaymentIntents.id, id));
    },

    /**
     * The intent took `capturedCents` from this card (what is owed when the card is confirmed, at most
     * the intent's amount, as a capture of part of an authorisation: the rest is never taken).
     */
    async succeedTestIntent(
      id: string,
      card: { brand: string; last4: string },
      capturedCents: number,
    ): Promise<TestPaymentIntentRow> {
      const [row] = await db
        .update(testPaymentIntents)
        .set({
          status: 'succeeded',
          amountReceivedCents: sql`least(${capturedCents}, ${testPaymentIntents.amountCents})`,
          cardBrand: card.brand,
          cardLast4: card.last4,
          lastErrorCode: null,
          updatedAt: new Date(),
        })
        .where(eq(testPaymentIntents.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    /**
     * Refunds `amountCents` of what a succeeded intent received (all of it when absent), never more than
     * it received in all: a second full refund finds nothing left to refund.
     */
    async refundTestIntent(id: string, amountCents?: number): Promise<void> {
      const refunded =
        amountCents === undefined
          ? sql`${testPaymentIntents.amountReceivedCents}`
          : sql`least(${testPaymentIntents.refundedCents} + ${amountCents}, ${testPaymentIntents.amountReceivedCents})`;
      await db
        .update(testPaymentIntents)
        .set({ refundedCents: refunded, updatedAt: new Date() })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'succeeded')));
    },

    /**
     * An open intent (not paid, not cancelled) now asks `amountCents`, or is cancelled when that is 0:
     * what its order or checkout owes changed before it was paid. Answers whether it changed.
     */
    async adjustOpenTestIntent(id: string, amountCents: number): Promise<boolean> {
      const rows = await db
        .update(testPaymentIntents)
        .set(
          amountCents > 0
            ? { amountCents, updatedAt: new Date() }
            : { status: 'canceled', updatedAt: new Date() },
        )
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')))
        .returning({ id: testPaymentIntents.id });
      return rows.length > 0;
    },

    /** Records a provider event; answers false when it was recorded before (a redelivery). */
    async recordEventOnce(event: { id: string; provider: string; type: string }): Promise<boolean> {
      const [first] = await db
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return first !== undefined;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
