import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CardErrorSchema,
  CreatePaymentIntentBodySchema,
  ModifiedResultSchema,
  PaymentIntentResponseSchema,
  PaymentsConfigSchema,
  PayOrderBodySchema,
  TestCardConfirmBodySchema,
  TestCardConfirmResponseSchema,
} from '@forgeline/shared/schemas/order';
import { currentUser } from '../../plugins/app/auth.ts';
import { confirmPayment, confirmTestCard, openPayment } from './service.ts';
import { errorResponses } from '../../lib/errors.ts';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { modified } from '../../lib/replies.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which card entry the SPA shows (the test processor or Stripe Elements, with its publishable key), and how long unpaid orders are held',
        response: okResponses(PaymentsConfigSchema),
      },
    },
    async () => ({
      payments: { provider: app.payments.name, publishableKey: app.payments.publishableKey },
      orders: {
        paymentWindowMinutes: app.config.PAYMENT_WINDOW_MINUTES,
      },
    }),
  );

  app.post(
    '/create-payment-intent',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          "Opens (or reuses) the payment of one of your unpaid orders; the amount is the order's, never the body's",
        body: CreatePaymentIntentBodySchema,
        response: okResponses(PaymentIntentResponseSchema),
      },
    },
    async (request) => ({
      clientSecret: await openPayment(app, currentUser(request), request.body.orderId),
    }),
  );

  app.patch(
    '/order/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'Marks your order paid once the provider confirms this payment succeeded for it, in full (idempotent)',
        params: IdParams,
        body: PayOrderBodySchema,
        response: okResponses(ModifiedResultSchema),
      },
    },
    async (request) =>
      modified(confirmPayment(app, currentUser(request), request.params.id, request.body.transactionId)),
  );

  // The built-in processor's card endpoint; with Stripe the browser talks to Stripe instead.
  if (app.payments.name !== 'test') return;

  app.post(
    '/payments/test-card/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          "The test processor: pays an intent by card with Stripe's test-mode outcomes (402 with Stripe's message and code when refused)",
        body: TestCardConfirmBodySchema,
        response: {
          200: TestCardConfirmResponseSchema,
          402: CardErrorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await confirmTestCard(app, currentUser(request), request.body);
      if (!result.outcome.ok) {
        const { code, message, declineCode } = result.outcome;
        return reply.code(402).send({ message, code, ...(declineCode && { declineCode }) });
      }
      const { id, amountCents, currency } = result.intent;
      return { paymentIntent: { id, status: 'succeeded' as const, amount: amountCents, currency } };
    },
  );
};
