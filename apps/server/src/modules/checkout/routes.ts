import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@forgeline/shared/api-error';
import {
  CheckoutBodySchema,
  CheckoutConflictSchema,
  CheckoutSchema,
  PayCheckoutBodySchema,
  ReorderResponseSchema,
} from '@forgeline/shared/schemas/checkout';
import { ModifiedResultSchema, PaymentIntentResponseSchema } from '@forgeline/shared/schemas/order';
import { currentUser } from '../../plugins/app/auth.ts';
import { confirmCheckoutPayment, openCheckoutPayment } from '../payments/index.ts';
import { toCheckoutDto } from './mappers.ts';
import { IdempotencyKeyHeaders, withIdempotency } from '../idempotency/index.ts';
import { checkoutBankTransfer } from '../invoices/index.ts';
import { checkoutAnswer, getCheckout, reorderCheckout, reorderOrder, takeCheckout } from './service.ts';
import { ApprovalNeededSchema } from '@forgeline/shared/schemas/company';
import { errorResponses } from '../../lib/errors.ts';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { modified } from '../../lib/replies.ts';
import { CheckoutDeliverySchema, FreightPriceBodySchema } from '@forgeline/shared/schemas/delivery';
import { priceCheckoutFreight } from './service.ts';

/** Checkout (docs/architecture.md §9): the cart placed as one group of orders, paid with one card payment; reorder. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/checkout',
    {
      config: { apiScopes: ['orders:write'] },
      // The same budget as POST /order: one checkout counts once, whatever its number of lines.
      schema: {
        tags: ['checkout'],
        summary:
          'Places every cart line (or the lines given) at once, all or nothing: one order per line at its tier price, stock taken in one transaction; 202 with an order request when over the buyer’s spending limit (nothing placed); 400 with a message per failing line; 409 with the cart at today’s figures when a price or the total changed',
        headers: IdempotencyKeyHeaders,
        body: CheckoutBodySchema,
        response: {
          201: CheckoutSchema,
          202: ApprovalNeededSchema,
          ...errorResponses,
          409: z.union([CheckoutConflictSchema, ApiErrorSchema]),
        },
      },
    },
    // A retry with the same Idempotency-Key answers the first checkout instead of placing a second.
    async (request, reply) =>
      withIdempotency(app, request, reply, async (tx) => {
        const outcome = await takeCheckout(app, tx, currentUser(request), request.body);
        return checkoutAnswer(app, outcome);
      }),
  );

  app.get(
    '/checkouts/:id',
    {
      config: { apiScopes: ['orders:read'] },
      schema: {
        tags: ['checkout'],
        summary: "A checkout with its standing lines (the buyer's own, or any for an admin; 404 for others)",
        params: IdParams,
        response: okResponses(CheckoutSchema),
      },
    },
    async (request) => {
      const { checkout, orders } = await getCheckout(app, currentUser(request), request.params.id);
      const bankTransfer = await checkoutBankTransfer(app.db, app.config, checkout);
      return { ...toCheckoutDto(checkout, orders), ...(bankTransfer && { bankTransfer }) };
    },
  );

  app.post(
    '/checkouts/:id/payment-intent',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Opens (or reuses) one card payment for every unpaid line of your checkout; the amount is theirs as stored',
        params: IdParams,
        response: okResponses(PaymentIntentResponseSchema),
      },
    },
    async (request) => ({
      clientSecret: await openCheckoutPayment(app, currentUser(request), request.params.id),
    }),
  );

  app.patch(
    '/checkouts/:id',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Marks every unpaid line of your checkout paid once the provider confirms this payment succeeded for it, in full (idempotent; modifiedCount = lines marked now)',
        params: IdParams,
        body: PayCheckoutBodySchema,
        response: okResponses(ModifiedResultSchema),
      },
    },
    async (request) =>
      modified(
        confirmCheckoutPayment(app, currentUser(request), request.params.id, request.body.transactionId),
      ),
  );

  app.post(
    '/checkouts/:id/reorder',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Puts a past checkout's parts into your cart, quantities corrected to today's rules; answers the cart and what changed",
        params: IdParams,
        response: okResponses(ReorderResponseSchema),
      },
    },
    async (request) => reorderCheckout(app, currentUser(request), request.params.id),
  );

  app.post(
    '/order/:id/reorder',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Puts a past order's part into your cart, the quantity corrected to today's rules; answers the cart and what changed",
        params: IdParams,
        response: okResponses(ReorderResponseSchema),
      },
    },
    async (request) => reorderOrder(app, currentUser(request), request.params.id),
  );
};

/** The shop's side of a checkout (inside the admin area): pricing freight quoted on request (decision 0236). */
export const checkoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkouts/:id/freight',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Prices the freight of a checkout placed with freight quoted on request (admin): net dollars, taxed at the rate frozen when placed; an invoice on terms is issued now; the buyer is mailed and may then pay; 409 FREIGHT_ALREADY_PRICED',
        params: IdParams,
        body: FreightPriceBodySchema,
        response: okResponses(
          z.object({ checkoutId: z.string(), number: z.string(), delivery: CheckoutDeliverySchema }),
        ),
      },
    },
    async (request) => priceCheckoutFreight(app, currentUser(request), request.params.id, request.body.price),
  );
};
