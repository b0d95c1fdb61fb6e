import Stripe from 'stripe';
import { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { DomainError } from '../../../lib/errors.ts';
import { CURRENCY, INTENT_APP_TAG, InvalidWebhookEventError, WebhookSignatureError } from './types.ts';
import type { IntentSubject, PaymentProvider, RefundPart, ProviderEvent, ProviderIntent } from './types.ts';

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
  new DomainError(
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment provider could not be reached. Please try again.',
  );

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
    checkoutId,
    amountCents,
    previous,
  }: IntentSubject & { amountCents: number; previous?: string | null }): Promise<ProviderIntent> {
    const subject: Record<string, string> = orderId ? { orderId } : { checkoutId: checkoutId ?? '' };
    const key = orderId ? `order-${orderId}` : `checkout-${checkoutId}`;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: CURRENCY,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { ...subject, app: INTENT_APP_TAG },
        },
        // One intent per order or checkout (and per replaced intent): a retried or parallel call gets the same one back.
        { idempotencyKey: `forgeline-${key}-${previous ?? 'first'}` },
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

  async adjustIntent(intentId: string, amountCents: number): Promise<void> {
    try {
      if (amountCents > 0) await this.stripe.paymentIntents.update(intentId, { amount: amountCents });
      else await this.stripe.paymentIntents.cancel(intentId);
    } catch (error) {
      // Paid or cancelled meanwhile: Stripe keeps it as it is; recording a payment refunds any surplus.
      if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state')
        return;
      throw this.mapError(error);
    }
  }

  async refund(intentId: string, _db?: Executor, part?: RefundPart): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: intentId, ...(part && { amount: part.amountCents }) },
        { idempotencyKey: `forgeline-refund-${intentId}${part ? `-${part.key}` : ''}` },
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
    // Only intents this site opened name an order or checkout: a Stripe account may serve other apps too.
    const ours = intent.metadata?.app === INTENT_APP_TAG;
    return {
      id: intent.id,
      clientSecret: intent.client_secret,
      status: intent.status,
      amountCents: intent.amount,
      amountReceivedCents: intent.amount_received ?? 0,
      currency: intent.currency,
      orderId: ours && typeof intent.metadata?.orderId === 'string' ? intent.metadata.orderId : null,
      checkoutId: ours && typeof intent.metadata?.checkoutId === 'string' ? intent.metadata.checkoutId : null,
      card: card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : null,
    };
  }

  private mapError(error: unknown): Error {
    if (error instanceof Stripe.errors.StripeError) return providerUnavailable();
    return error instanceof Error ? error : new Error(String(error));
  }
}
