import type { Executor } from '../../../db/client.ts';

/** A payment intent as the rest of the server sees it, whichever provider holds it. Amounts in cents. */
export interface ProviderIntent {
  id: string;
  clientSecret: string | null;
  /** Stripe's statuses: requires_payment_method, requires_action, processing, succeeded, canceled, … */
  status: string;
  amountCents: number;
  amountReceivedCents: number;
  currency: string;
  /** The order the intent was opened for (its metadata), or null when it names none. */
  orderId: string | null;
  /** The checkout whose unpaid lines the intent pays (its metadata), or null. */
  checkoutId: string | null;
  card: { brand: string; last4: string } | null;
}

/** A verified webhook delivery; `intent` is set for payment_intent.* events. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

/** What an intent pays: one order, or every unpaid line of one checkout. */
export type IntentSubject =
  { orderId: string; checkoutId?: undefined } | { checkoutId: string; orderId?: undefined };

/** A partial refund: its amount, and a key naming it (the refunded order's id) so it happens once. */
export interface RefundPart {
  amountCents: number;
  key: string;
}

export const CURRENCY = 'usd';
/** Marks the Stripe intents this site opened (metadata.app). */
export const INTENT_APP_TAG = 'forgeline';

/**
 * What the server needs from a card payment provider (docs/architecture.md §5). Methods that touch our own database
 * (only the test processor's do) take the caller's transaction, so that they join it.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey: string | null;
  /** `previous`: the earlier intent (no longer usable), so that a new one is not the same again. */
  createIntent(
    input: IntentSubject & { amountCents: number; previous?: string | null },
  ): Promise<ProviderIntent>;
  /** The intent, or null when the provider has no intent of that id. */
  retrieveIntent(id: string, db?: Executor): Promise<ProviderIntent | null>;
  /**
   * What an open (unpaid) intent asks changed before the buyer paid it (a line cancelled): it now asks
   * `amountCents`, or is cancelled when that is 0, so the old amount cannot be taken. Does nothing to
   * an intent already paid or cancelled (recording its payment refunds what it took beyond what is owed).
   */
  adjustIntent(intentId: string, amountCents: number, db?: Executor): Promise<void>;
  /**
   * Refunds what the intent received and is not yet refunded, or only `part` of it (one line of a
   * checkout): each refund at most once whatever the number of calls (per `part.key`).
   */
  refund(intentId: string, db?: Executor, part?: RefundPart): Promise<void>;
  /** Checks the signature of a webhook delivery on its raw bytes; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}
export class InvalidWebhookEventError extends Error {}
