import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminOrderDetailSchema } from '@forgeline/shared/schemas/order-detail';
import {
  CancelPreviewSchema,
  CreateOrderBodySchema,
  DeletedResultSchema,
  InsertResultSchema,
  OrderDeliveryQuerySchema,
  OrderSchema,
} from '@forgeline/shared/schemas/order';
import { DeliveryOptionSchema } from '@forgeline/shared/schemas/delivery';
import { OrderSearchQuerySchema } from '@forgeline/shared/schemas/order-search';
import { whenMissing } from '@forgeline/shared/schemas/plain-issues';
import { currentUser } from '../../plugins/app/auth.ts';
import { IdempotencyKeyHeaders, withIdempotency } from '../idempotency/index.ts';
import { adminOrdersCsvStream, myOrdersCsv } from './csv.ts';
import { getOrderDetail } from './detail.ts';
import { toOrderDto } from './repository.ts';
import {
  cancelOrder,
  exportOrders,
  getOrder,
  countAllOrders,
  listMyOrders,
  previewCancel,
  previewOrderDelivery,
  takeOrder,
  afterOrderPlaced,
  searchOrders,
} from './service.ts';
import { exportDay, sendCsv } from '../../lib/csv.ts';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { deleted } from '../../lib/replies.ts';
import { jsonArrayStream } from '../../lib/json-stream.ts';
import { setPageHeaders } from '../../lib/page-headers.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Places an order: name and email from the session, figures from the product, stock taken at once',
        headers: IdempotencyKeyHeaders,
        body: CreateOrderBodySchema,
        response: createdResponses(InsertResultSchema),
      },
    },
    // A retry with the same Idempotency-Key answers the first order instead of placing a second.
    async (request, reply) =>
      withIdempotency(app, request, reply, async (tx) => {
        const placed = await takeOrder(app, tx, currentUser(request), request.body);
        return {
          statusCode: 201,
          body: { acknowledged: true, insertedId: placed.order.id },
          afterCommit: () => afterOrderPlaced(app, placed),
        };
      }),
  );

  app.get(
    '/order/delivery',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'The delivery POST /order would charge now for this part and quantity (method, cost, tax), or null: shown before the order is confirmed',
        querystring: OrderDeliveryQuerySchema,
        response: okResponses(z.object({ delivery: DeliveryOptionSchema.nullable() })),
      },
    },
    async (request) => ({
      delivery: await previewOrderDelivery(app, currentUser(request), request.query),
    }),
  );

  app.get(
    '/myOrders',
    {
      config: { apiScopes: ['orders:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Your orders, newest first (the email must be yours)',
        querystring: z.object({ email: z.string({ error: whenMissing('email is required') }).max(254) }),
        response: okResponses(z.array(OrderSchema)),
      },
    },
    async (request, reply) => {
      const rows = await listMyOrders(app, currentUser(request), request.query.email);
      reply.header('x-total-count', rows.length);
      return rows.map(toOrderDto);
    },
  );

  app.get(
    '/myOrders.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Your orders as CSV (number, date, checkout, PO reference, figures, payment, status); cells that a spreadsheet would read as a formula are written as text',
        response: okResponses(z.string()),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rows = await listMyOrders(app, user, user.email);
      return sendCsv(reply, `forgeline-orders-${exportDay()}.csv`, myOrdersCsv(rows));
    },
  );

  app.get(
    '/order/:id',
    {
      config: { apiScopes: ['orders:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "One order (its customer's or any for an admin; 404 for others)",
        params: IdParams,
        response: okResponses(OrderSchema),
      },
    },
    async (request) => toOrderDto(await getOrder(app, currentUser(request), request.params.id)),
  );

  app.get(
    '/myOrder/:id/cancellation',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "What cancelling the order would do, for the confirmation dialog: the refund to the card (paid), the credit note (on terms) or nothing (unpaid), with the amount; the cancel's own refusal (409) when it cannot be cancelled",
        params: IdParams,
        response: okResponses(CancelPreviewSchema),
      },
    },
    async (request) => previewCancel(app, currentUser(request), request.params.id),
  );

  app.delete(
    '/myOrder/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "Cancels an order and gives its stock back: the customer an unpaid one; an admin any not shipped, refunding a paid one and crediting an invoiced one. The order stays listed as cancelled; deletedCount is the spec's name for 'cancelled'",
        params: IdParams,
        response: okResponses(DeletedResultSchema),
      },
    },
    async (request) => deleted(cancelOrder(app, currentUser(request), request.params.id)),
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      config: { apiScopes: ['orders:read'] },
      schema: {
        tags: ['orders'],
        summary:
          'Every order, newest first (admin), streamed, their number in X-Total-Count. With `limit`: one page of the orders matching search, paid, status, from and to; the count of matches in X-Total-Count and the next page in X-Next-Cursor',
        querystring: OrderSearchQuerySchema,
        // Without `limit` a stream answers, which bypasses the serializer: each order is encoded by
        // the same schema as it is written.
        response: okResponses(z.array(OrderSchema)),
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      if (limit === undefined) {
        // Read a page at a time as the client takes them: 100,000 orders are never all in memory.
        const total = await countAllOrders(app);
        const body = await jsonArrayStream(exportOrders(app, {}), (row) =>
          OrderSchema.encode(toOrderDto(row)),
        );
        // The typed reply expects the array itself; the stream is that array, written as it is read.
        const untyped: FastifyReply = reply;
        return untyped.type('application/json; charset=utf-8').header('x-total-count', total).send(body);
      }
      const page = await searchOrders(app, { ...request.query, limit });
      setPageHeaders(reply, page);
      return page.orders.map(toOrderDto);
    },
  );

  app.get(
    '/orders.csv',
    {
      config: { apiScopes: ['orders:read'] },
      schema: {
        tags: ['orders'],
        summary:
          "Every order matching search, paid, status, from and to, newest first, as CSV (admin): the spec's columns plus address, phone, dates, checkout, PO reference and transaction id; streamed; cells a spreadsheet would read as a formula are written as text",
        querystring: OrderSearchQuerySchema,
        // A stream, not a string: the schema documents it only.
        response: okResponses(z.any().describe('text/csv')),
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `forgeline-all-orders-${exportDay()}.csv`,
        adminOrdersCsvStream(exportOrders(app, request.query)),
      ),
  );

  app.get(
    '/orders/:id',
    {
      config: { apiScopes: ['orders:read'] },
      schema: {
        tags: ['orders'],
        summary:
          'One order for the admin: customer, delivery address and phone, dates, payment (card, transaction, refunds in its checkout), checkout and PO reference, documents and timeline',
        params: IdParams,
        response: okResponses(AdminOrderDetailSchema),
      },
    },
    async (request) => getOrderDetail(app, request.params.id),
  );
};
