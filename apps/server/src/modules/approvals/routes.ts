import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@forgeline/shared/api-error';
import { CheckoutConflictSchema, CheckoutSchema } from '@forgeline/shared/schemas/checkout';
import {
  ApprovalNeededSchema,
  ApprovalResultSchema,
  OrderOnBehalfBodySchema,
  RequestDecisionBodySchema,
} from '@forgeline/shared/schemas/company';
import { errorResponses } from '../../lib/errors.ts';
import { IdParams } from '../../lib/route-schemas.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { afterCheckoutPlaced, checkoutAnswer } from '../checkout/index.ts';
import { IdempotencyKeyHeaders, withIdempotency } from '../idempotency/index.ts';
import { approveRequest, orderOnBehalf, toApprovalResult } from './service.ts';

const conflicts = { 409: z.union([CheckoutConflictSchema, ApiErrorSchema]) };

/** An approver approves a buyer's order request: it is placed as the buyer's checkout. */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid(() => 'Order request'),
  );
  app.post(
    '/company/requests/:id/approve',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['companies'],
        summary:
          "Approves a pending order request of your company (approver or company admin; never your own): it is placed as the buyer's checkout at the figures they saw; 409 with today's figures when a price changed",
        params: IdParams,
        headers: IdempotencyKeyHeaders,
        body: RequestDecisionBodySchema.nullish(),
        response: { 200: ApprovalResultSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request, reply) =>
      withIdempotency(app, request, reply, async (tx) => {
        const result = await approveRequest(
          app,
          tx,
          currentUser(request),
          request.params.id,
          request.body?.comment,
        );
        return {
          statusCode: 200,
          body: toApprovalResult(result),
          afterCommit: async () => {
            await afterCheckoutPlaced(app, result.placed);
            app.mailer.deliverLater(result.mailIds);
          },
        };
      }),
  );
};

/** The shop admin's 'order for this customer' (registered inside the admin area). */
export const approvalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid(() => 'Company'),
  );
  app.post(
    '/companies/:id/orders',
    {
      schema: {
        tags: ['companies'],
        summary:
          "Places a checkout for a named buyer of the company by the buyer's own rules, recorded as placed by you (admin); 202 with an order request when over the buyer's limit",
        params: IdParams,
        headers: IdempotencyKeyHeaders,
        body: OrderOnBehalfBodySchema,
        response: { 201: CheckoutSchema, 202: ApprovalNeededSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request, reply) =>
      withIdempotency(app, request, reply, async (tx) =>
        checkoutAnswer(
          app,
          await orderOnBehalf(app, tx, currentUser(request), request.params.id, request.body),
        ),
      ),
  );
};
