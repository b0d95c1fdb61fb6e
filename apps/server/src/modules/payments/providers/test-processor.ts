import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../../db/client.ts';
import type { TestPaymentIntentRow } from '../../../db/schema/index.ts';
import { createPaymentsRepository } from '../repository.ts';
import {
  CURRENCY,
  WebhookSignatureError,
  type IntentSubject,
  type PaymentProvider,
  type RefundPart,
  type ProviderEvent,
  type ProviderIntent,
} from './types.ts';

/** Stripe-like ids: a prefix and 24 letters or digits. */
export const stripeLikeId = (prefix: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
};

export const testIntentToProvider = (row: TestPaymentIntentRow): ProviderIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amountCents: row.amountCents,
  amountReceivedCents: row.amountReceivedCents,
  currency: row.currency,
  orderId: row.orderId,
  checkoutId: row.checkoutId,
  card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
});

/**
 * The built-in processor that follows Stripe's test mode: its intents live in our database; the card
 * form posts to POST /api/payments/test-card/confirm (payments/service.ts confirmTestCard). It has no
 * webhooks.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(private readonly db: Database) {}

  async createIntent({
    orderId,
    checkoutId,
    amountCents,
  }: IntentSubject & { amountCents: number }): Promise<ProviderIntent> {
    const id = stripeLikeId('pi');
    const row = await createPaymentsRepository(this.db).insertTestIntent({
      id,
      clientSecret: `${id}_secret_${stripeLikeId('s').slice(2)}`,
      orderId: orderId ?? null,
      checkoutId: checkoutId ?? null,
      amountCents,
      currency: CURRENCY,
    });
    return testIntentToProvider(row);
  }

  async retrieveIntent(id: string, db: Executor = this.db): Promise<ProviderIntent | null> {
    const row = await createPaymentsRepository(db).findTestIntent(id);
    return row ? testIntentToProvider(row) : null;
  }

  async adjustIntent(intentId: string, amountCents: number, db: Executor = this.db): Promise<void> {
    await createPaymentsRepository(db).adjustOpenTestIntent(intentId, amountCents);
  }

  async refund(intentId: string, db: Executor = this.db, part?: RefundPart): Promise<void> {
    // Within the caller's transaction: the refund rolls back with a cancel that fails later.
    await createPaymentsRepository(db).refundTestIntent(intentId, part?.amountCents);
  }

  parseWebhook(): ProviderEvent {
    throw new WebhookSignatureError('The test payment processor sends no webhooks.');
  }
}
