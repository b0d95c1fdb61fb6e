import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import { testPaymentIntents, type TestPaymentIntentRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

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
  card: { brand: string; last4: string } | null;
}

/** A verified webhook delivery; `intent` is set for payment_intent.* events. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

export const CURRENCY = 'usd';
/** Marks the Stripe intents this site opened (metadata.app). */
export const INTENT_APP_TAG = 'forgeline';

/**
 * What the server needs from a card payment provider (DESIGN §5). Methods that touch our own database
 * (only the test processor's do) take the caller's transaction, so that they join it.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey: string | null;
  /** `previous`: the order's earlier intent (no longer usable), so that a new one is not the same again. */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    previous?: string | null;
  }): Promise<ProviderIntent>;
  /** The intent, or null when the provider has no intent of that id. */
  retrieveIntent(id: string, db?: Executor): Promise<ProviderIntent | null>;
  /** Refunds what the intent received, at most once whatever the number of calls. */
  refund(intentId: string, db?: Executor): Promise<void>;
  /** Checks the signature of a webhook delivery on its raw bytes; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}
export class InvalidWebhookEventError extends Error {}

const StripeEventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({ object: z.string().optional() }) }),
});
const StripeIntentShape = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int(),
  amount_received: z.number().int().nullish(),
  currency: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const providerUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment provider could not be reached. Please try again.',
  );

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
  card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
});

/**
 * The built-in processor that follows Stripe's test mode: its intents live in our database; the card
 * form posts to POST /api/payments/test-card/confirm (modules/payments). It has no webhooks.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(private readonly db: Database) {}

  async createIntent({
    orderId,
    amountCents,
  }: {
    orderId: string;
    amountCents: number;
  }): Promise<ProviderIntent> {
    const id = stripeLikeId('pi');
    const [row] = await this.db
      .insert(testPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${stripeLikeId('s').slice(2)}`,
        orderId,
        amountCents,
        currency: CURRENCY,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return testIntentToProvider(row);
  }

  async retrieveIntent(id: string, db: Executor = this.db): Promise<ProviderIntent | null> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    return row ? testIntentToProvider(row) : null;
  }

  async refund(intentId: string, db: Executor = this.db): Promise<void> {
    // Conditional: a second call finds nothing left to refund.
    await db
      .update(testPaymentIntents)
      .set({ refundedCents: sql`${testPaymentIntents.amountReceivedCents}`, updatedAt: new Date() })
      .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'succeeded')));
  }

  parseWebhook(): ProviderEvent {
    throw new WebhookSignatureError('The test payment processor sends no webhooks.');
  }
}

/** Stripe, through its SDK. `STRIPE_API_BASE` points it at another origin (stripe-mock, a test fake). */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string,
    private readonly webhookSecret: string,
    apiBase?: string,
  ) {
    const base = apiBase ? new URL(apiBase) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: base ? 0 : 2,
      timeout: 20_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createIntent({
    orderId,
    amountCents,
    previous,
  }: {
    orderId: string;
    amountCents: number;
    previous?: string | null;
  }): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: CURRENCY,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { orderId, app: INTENT_APP_TAG },
        },
        // One intent per order (and per replaced intent): a retried or parallel call gets the same one back.
        { idempotencyKey: `forgeline-order-${orderId}-${previous ?? 'first'}` },
      );
      return this.toProvider(intent);
    } catch (error) {
      throw this.mapError(error);
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return this.toProvider(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeError &&
        (error.statusCode === 404 || error.code === 'resource_missing')
      )
        return null;
      throw this.mapError(error);
    }
  }

  async refund(intentId: string): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: intentId },
        { idempotencyKey: `forgeline-refund-${intentId}` },
      );
    } catch (error) {
      // Already refunded in full: the refund we want exists.
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
      throw this.mapError(error);
    }
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature.');
    }
    // Signed by Stripe, so trusted; still checked for shape, so that a surprise is a 400, not a crash.
    const shape = StripeEventShape.safeParse(event);
    if (!shape.success) throw new InvalidWebhookEventError('The webhook body is not a Stripe event.');
    const object = shape.data.data.object;
    const intent =
      object.object === 'payment_intent' && StripeIntentShape.safeParse(object).success
        ? this.toProvider(object as unknown as Stripe.PaymentIntent)
        : null;
    return { id: shape.data.id, type: shape.data.type, intent };
  }

  private toProvider(intent: Stripe.PaymentIntent): ProviderIntent {
    const charge =
      typeof intent.latest_charge === 'object' && intent.latest_charge ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    return {
      id: intent.id,
      clientSecret: intent.client_secret,
      status: intent.status,
      amountCents: intent.amount,
      amountReceivedCents: intent.amount_received ?? 0,
      currency: intent.currency,
      // Only intents this site opened name an order: a Stripe account may serve other apps too.
      orderId:
        intent.metadata?.app === INTENT_APP_TAG && typeof intent.metadata.orderId === 'string'
          ? intent.metadata.orderId
          : null,
      card: card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : null,
    };
  }

  private mapError(error: unknown): Error {
    if (error instanceof Stripe.errors.StripeError) return providerUnavailable();
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Stripe when its keys are set (or PAYMENTS=stripe), else the test processor — which production refuses
 * unless PAYMENTS=test says so explicitly.
 */
export function createPaymentProvider(env: Env, db: Database): PaymentProvider {
  const wantsStripe =
    env.PAYMENTS === 'stripe' || (env.PAYMENTS !== 'test' && env.STRIPE_SECRET_KEY !== undefined);
  if (wantsStripe) {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error(
        'Payments: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all required for Stripe.',
      );
    }
    return new StripePaymentProvider(
      env.STRIPE_SECRET_KEY,
      env.STRIPE_PUBLISHABLE_KEY,
      env.STRIPE_WEBHOOK_SECRET,
      env.STRIPE_API_BASE,
    );
  }
  if (env.NODE_ENV === 'production' && env.PAYMENTS !== 'test') {
    throw new Error(
      'Payments: the built-in test card processor takes no real money and is refused in production. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test to run it anyway.',
    );
  }
  return new TestPaymentProvider(db);
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export const paymentsPlugin = fp(
  async (app) => {
    app.decorate('payments', createPaymentProvider(app.config, app.db));
  },
  { name: 'payments', dependencies: ['db'] },
);
