import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../lib/errors.ts';
import { WebhookSignatureError } from './providers/types.ts';
import { applyPaymentEvent } from './service.ts';

/** Stripe's events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /webhooks/stripe: the provider's word on payments, the source of truth with Stripe (docs/architecture.md §5).
 * The signature is checked on the raw bytes, so this plugin (encapsulated: not fastify-plugin) keeps
 * the body as a Buffer instead of parsing JSON. Each event id is applied once, in any order.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post('/webhooks/stripe', { schema: { hide: true } }, async (request) => {
    if (app.payments.name !== 'stripe')
      throw new DomainError('NOT_FOUND', 'Webhooks are not enabled: payments use the test processor.');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = app.payments.parseWebhook(raw, typeof header === 'string' ? header : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new DomainError('INVALID_SIGNATURE', 'The webhook signature is missing, wrong or too old.');
      throw new DomainError('INVALID_EVENT', 'The webhook body is not a Stripe event.');
    }

    const applied = await applyPaymentEvent(app, event);
    return { received: true, duplicate: !applied };
  });
};
