import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReturnBodySchema,
  DecideReturnBodySchema,
  ReceiveReturnBodySchema,
  RefuseReturnBodySchema,
  ReturnListQuerySchema,
  ReturnSchema,
} from '@forgeline/shared/schemas/return';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { created } from '../../lib/replies.ts';
import { pageRows } from '../../lib/page-headers.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  approveReturn,
  listMyReturns,
  listReturns,
  receiveReturn,
  refundReturn,
  refuseReturn,
  requestReturn,
} from './service.ts';

/** What buyers do with returns: ask one, and read those of the orders they may read. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/returns',
    {
      config: { apiScopes: ['orders:write'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['returns'],
        summary:
          'Asks to return shipped pieces of one order line, with a reason, within RETURN_WINDOW_DAYS of its last shipment (whoever may read the order); 409 naming the rule when the line has not shipped, the time has passed or more pieces are asked than were shipped and not already returned or asked back; nothing changes then',
        body: CreateReturnBodySchema,
        response: createdResponses(ReturnSchema),
      },
    },
    async (request, reply) => created(reply, requestReturn(app, currentUser(request), request.body)),
  );

  app.get(
    '/myReturns',
    {
      config: { apiScopes: ['orders:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['returns'],
        summary:
          "The returns of your orders (and of your company's when your role reads them), newest first, with their status and credit note",
        response: okResponses(z.array(ReturnSchema)),
      },
    },
    async (request) => listMyReturns(app, currentUser(request)),
  );
};

/** Admin-only: registered inside the admin area, whose one onRequest hook is the guard. */
export const returnAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/returns',
    {
      config: { apiScopes: ['orders:read'] },
      schema: {
        tags: ['returns'],
        summary:
          'Every return, newest first, or those at one step (admin), a page at a time (page, limit: 50 unless asked, at most 100; the total in X-Total-Count)',
        querystring: ReturnListQuerySchema,
        response: okResponses(z.array(ReturnSchema)),
      },
    },
    async (request, reply) => pageRows(reply, await listReturns(app, request.query)),
  );

  /**
   * One of the shop's steps of a return (decision 0240): an API key needs orders:write, and the step
   * answers the return as it now stands.
   */
  const step = <Parts extends { summary: string; body?: unknown }>(parts: Parts) => ({
    config: { apiScopes: ['orders:write'] as const },
    schema: { tags: ['returns'], ...parts, params: IdParams, response: okResponses(ReturnSchema) },
  });

  app.post(
    '/returns/:id/approve',
    step({
      summary:
        'Approves a requested return, with an optional note (admin); the buyer is told to send the pieces',
      body: DecideReturnBodySchema,
    }),
    async (request) => approveReturn(app, currentUser(request), request.params.id, request.body.note),
  );

  app.post(
    '/returns/:id/refuse',
    step({
      summary: 'Refuses a requested or approved return with a note the buyer reads (admin)',
      body: RefuseReturnBodySchema,
    }),
    async (request) => refuseReturn(app, currentUser(request), request.params.id, request.body.note),
  );

  app.post(
    '/returns/:id/receive',
    step({
      summary:
        'Marks an approved return received (admin): so many of its pieces can be sold again and go back into stock, the rest do not',
      body: ReceiveReturnBodySchema,
    }),
    async (request) => receiveReturn(app, currentUser(request), request.params.id, request.body.resaleable),
  );

  app.post(
    '/returns/:id/refund',
    step({
      summary:
        'Refunds a received return (admin): to the card through the payment provider, or as a credit against the invoice of an order on terms, always with a credit note at the line’s frozen price and tax; a second refund gets 409 RETURN_STATUS',
    }),
    async (request) => refundReturn(app, currentUser(request), request.params.id),
  );
};
