import type { FastifyPluginAsync } from 'fastify';
import { paymentEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { WebhookSignatureError } from '../../plugins/app/payments.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { sendPaidMail } from '../orders/mail.ts';
import { judgePayment } from './settle.ts';

/** Stripe's events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /webhooks/stripe: the provider's word on payments, the source of truth with Stripe (DESIGN §5).
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
      throw new AppError(404, 'NOT_FOUND', 'Webhooks are not enabled: payments use the test processor.');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = app.payments.parseWebhook(raw, typeof header === 'string' ? header : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is missing, wrong or too old.');
      throw new AppError(400, 'INVALID_EVENT', 'The webhook body is not a Stripe event.');
    }

    const { applied, paidOrderId } = await app.db.transaction(async (tx) => {
      const done = (paidOrderId: string | null = null) => ({ applied: true, paidOrderId });
      const [first] = await tx
        .insert(paymentEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!first) return { applied: false, paidOrderId: null };

      if (event.type === 'payment_intent.succeeded' && event.intent) {
        const intent = event.intent;
        const orders = createOrdersRepository(tx);
        const order = intent.orderId ? await orders.lockById(intent.orderId) : undefined;
        if (!order) {
          // Paid for an order that was cancelled meanwhile (expired, or by its customer): give it back.
          // A failure rolls back the event record, so Stripe's retry tries again.
          if (intent.orderId) {
            await app.payments.refund(intent.id, tx);
            request.log.warn(
              { intentId: intent.id, orderId: intent.orderId },
              'payment for a cancelled order refunded',
            );
          }
          return done();
        }
        const verdict = judgePayment(intent, order);
        if (verdict.ok) {
          const paidNow = await orders.markPaid(order.id, { transactionId: intent.id, card: intent.card });
          return done(paidNow ? order.id : null);
        } else if (!order.paid) {
          request.log.warn(
            { intentId: intent.id, orderId: order.id, code: verdict.code },
            'payment event does not pay its order',
          );
        }
      }
      return done();
    });
    if (paidOrderId) await sendPaidMail(app, paidOrderId);
    return { received: true, duplicate: !applied };
  });
};
