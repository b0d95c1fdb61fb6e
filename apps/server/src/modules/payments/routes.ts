import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CardErrorSchema,
  CreatePaymentIntentBodySchema,
  ModifiedResultSchema,
  PaymentIntentResponseSchema,
  PaymentsConfigSchema,
  PayOrderBodySchema,
  TestCardConfirmBodySchema,
  TestCardConfirmResponseSchema,
} from '@forgeline/shared';
import { testPaymentIntents } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { ownOrder } from '../orders/routes.ts';
import { sendPaidMail } from '../orders/mail.ts';
import { judgePayment } from './settle.ts';
import { checkTestCard, type CardOutcome } from './test-cards.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** Payment ids as Stripe writes them; anything else cannot name a payment. */
const PAYMENT_ID_PATTERN = /^pi_[A-Za-z0-9]{1,200}$/;

/** Statuses in which an open intent can still be paid, so a new attempt reuses it. */
const REUSABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db);

  app.get(
    '/config',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which card entry the SPA shows (the test processor or Stripe Elements, with its publishable key), and how long unpaid orders are held',
        response: { 200: PaymentsConfigSchema },
      },
    },
    async () => ({
      payments: { provider: app.payments.name, publishableKey: app.payments.publishableKey },
      orders: { holdHours: app.config.ORDER_HOLD_HOURS },
    }),
  );

  app.post(
    '/create-payment-intent',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          "Opens (or reuses) the payment of one of your unpaid orders; the amount is the order's, never the body's",
        body: CreatePaymentIntentBodySchema,
        response: { 200: PaymentIntentResponseSchema, ...errors, 502: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const order = ownOrder(await orders.findById(request.body.orderId), user);
      if (order.paid) throw conflict('This order is already paid.', 'ORDER_ALREADY_PAID');

      if (order.paymentIntentId) {
        const open = await app.payments.retrieveIntent(order.paymentIntentId);
        if (open?.status === 'succeeded' && judgePayment(open, order).ok) {
          // Paid at the provider, not yet recorded here (a lost PATCH or webhook): record it now.
          if (await orders.markPaid(order.id, { transactionId: open.id, card: open.card }))
            await sendPaidMail(app, order.id);
          throw conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
        }
        if (
          open?.clientSecret &&
          REUSABLE.has(open.status) &&
          open.amountCents === order.totalCents &&
          open.orderId === order.id
        ) {
          return { clientSecret: open.clientSecret };
        }
      }

      const intent = await app.payments.createIntent({
        orderId: order.id,
        amountCents: order.totalCents,
        previous: order.paymentIntentId,
      });
      if (!(await orders.setPaymentIntent(order.id, intent.id, order.paymentIntentId))) {
        // A parallel call recorded its intent first: answer that one, so the order has one open intent.
        const now = await orders.findById(order.id);
        if (!now) throw notFound('Order');
        if (now.paid) throw conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
        const winner = now.paymentIntentId ? await app.payments.retrieveIntent(now.paymentIntentId) : null;
        if (winner?.clientSecret) return { clientSecret: winner.clientSecret };
      }
      if (!intent.clientSecret) throw new Error('the provider returned an intent without a client secret');
      return { clientSecret: intent.clientSecret };
    },
  );

  app.patch(
    '/order/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'Marks your order paid once the provider confirms this payment succeeded for it, in full (idempotent)',
        params: z.object({ id: z.string().max(100) }),
        body: PayOrderBodySchema,
        response: { 200: ModifiedResultSchema, ...errors, 502: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const transactionId = request.body.transactionId;
      const order = ownOrder(await orders.findById(request.params.id), user);
      const settled = () => {
        if (order.transactionId === transactionId) return { acknowledged: true as const, modifiedCount: 0 };
        throw conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
      };
      if (order.paid) return settled();
      if (!PAYMENT_ID_PATTERN.test(transactionId)) {
        throw badRequest('transactionId is not a payment id.', {
          transactionId: 'transactionId is not a payment id.',
        });
      }

      const intent = await app.payments.retrieveIntent(transactionId);
      const verdict = judgePayment(intent, order);
      if (!verdict.ok || !intent)
        throw conflict(
          verdict.ok ? 'No payment.' : verdict.message,
          verdict.ok ? 'PAYMENT_NOT_FOUND' : verdict.code,
        );

      if (await orders.markPaid(order.id, { transactionId: intent.id, card: intent.card })) {
        await sendPaidMail(app, order.id);
        return { acknowledged: true as const, modifiedCount: 1 };
      }
      // A parallel call (or the webhook) got there first.
      const now = await orders.findById(order.id);
      if (!now) throw notFound('Order');
      if (now.transactionId === transactionId) return { acknowledged: true as const, modifiedCount: 0 };
      throw conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
    },
  );

  // The built-in processor's card endpoint; with Stripe the browser talks to Stripe instead.
  if (app.payments.name !== 'test') return;

  app.post(
    '/payments/test-card/confirm',
    {
      preHandler: app.requireUser,
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `card:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['payments'],
        summary:
          "The test processor: pays an intent by card with Stripe's test-mode outcomes (402 with Stripe's message and code when refused)",
        body: TestCardConfirmBodySchema,
        response: {
          200: TestCardConfirmResponseSchema,
          402: CardErrorSchema,
          ...errors,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const result = await app.db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(testPaymentIntents)
          .where(eq(testPaymentIntents.clientSecret, body.clientSecret))
          .for('update');
        if (!intent) throw notFound('Payment');
        const txOrders = createOrdersRepository(tx);
        const order = await txOrders.lockById(intent.orderId);
        // Someone else's secret: as if it did not exist. A cancelled order: say so.
        if (order && order.userId !== user.id) throw notFound('Payment');
        if (!order)
          throw conflict('This order was cancelled, so it can no longer be paid.', 'ORDER_CANCELLED');
        if (order.paid || intent.status === 'succeeded')
          throw conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
        if (intent.status === 'canceled') throw conflict('This payment was cancelled.', 'PAYMENT_CANCELED');

        const outcome: CardOutcome = checkTestCard(body);
        if (!outcome.ok) {
          await tx
            .update(testPaymentIntents)
            .set({ lastErrorCode: outcome.declineCode ?? outcome.code, updatedAt: new Date() })
            .where(eq(testPaymentIntents.id, intent.id));
          return { outcome, intent, paidOrderId: null };
        }
        const [paid] = await tx
          .update(testPaymentIntents)
          .set({
            status: 'succeeded',
            amountReceivedCents: intent.amountCents,
            cardBrand: outcome.brand,
            cardLast4: outcome.last4,
            lastErrorCode: null,
            updatedAt: new Date(),
          })
          .where(eq(testPaymentIntents.id, intent.id))
          .returning();
        if (!paid) throw new Error('update returned no row');
        // The processor's 'webhook', delivered at once: the order is paid in the same transaction.
        const paidNow =
          paid.amountReceivedCents >= order.totalCents &&
          (await txOrders.markPaid(order.id, {
            transactionId: paid.id,
            card: { brand: outcome.brand, last4: outcome.last4 },
          }));
        return { outcome, intent: paid, paidOrderId: paidNow ? order.id : null };
      });
      if (result.paidOrderId) await sendPaidMail(app, result.paidOrderId);
      if (!result.outcome.ok) {
        const { code, message, declineCode } = result.outcome;
        return reply.code(402).send({ message, code, ...(declineCode && { declineCode }) });
      }
      const { id, amountCents, currency } = result.intent;
      return { paymentIntent: { id, status: 'succeeded' as const, amount: amountCents, currency } };
    },
  );
};
