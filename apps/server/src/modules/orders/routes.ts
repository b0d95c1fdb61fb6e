import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CreateOrderBodySchema,
  DeletedResultSchema,
  InsertResultSchema,
  messages,
  ModifiedResultSchema,
  OrderSchema,
  toCents,
  toDollars,
} from '@forgeline/shared';
import type { OrderRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { currentUser, type AuthUser } from '../../plugins/app/auth.ts';
import { createProductsRepository } from '../products/repository.ts';
import { sendOrderMail } from './mail.ts';
import { createOrdersRepository, toOrderDto } from './repository.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
const OrderIdParams = z.object({ id: z.string().max(100) });

/** Stripe's largest card payment (USD 999,999.99): an order must be payable. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** Order creation per signed-in user (DESIGN §4, abuse): generous for a buyer, a wall for a script. */
export const ORDER_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/** Whom an order is visible to: its owner and admins. Anyone else is told it does not exist. */
export function visibleOrder(order: OrderRow | undefined, user: AuthUser): OrderRow {
  if (!order || (order.userId !== user.id && user.role !== 'admin')) throw notFound('Order');
  return order;
}

/** Owner-only actions (paying): others' orders don't exist for customers; admins are refused. */
export function ownOrder(order: OrderRow | undefined, user: AuthUser): OrderRow {
  const visible = visibleOrder(order, user);
  if (visible.userId !== user.id) throw forbidden('Only the customer who placed the order can do that.');
  return visible;
}

const userKey = (prefix: string) => (request: FastifyRequest) =>
  `${prefix}:${request.user?.id ?? request.ip}`;

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createOrdersRepository(app.db);

  app.post(
    '/order',
    {
      preHandler: app.requireUser,
      // After requireUser (hook: preHandler), so that the limit counts per user, not per address.
      config: { rateLimit: { ...ORDER_RATE_LIMIT, hook: 'preHandler', keyGenerator: userKey('order') } },
      schema: {
        tags: ['orders'],
        summary:
          'Places an order: name and email from the session, figures from the product, stock taken at once',
        body: CreateOrderBodySchema,
        response: { 201: InsertResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const order = await app.db.transaction(async (tx) => {
        const products = createProductsRepository(tx);
        const product = await products.findById(body.productId);
        if (!product) throw notFound('Product');

        const quantity = body.buyQuantity;
        if (quantity < product.minOrder) {
          const message = messages.quantityBelowMinimum(product.minOrder);
          throw badRequest(message, { buyQuantity: message });
        }
        if (quantity > product.availableQuantity) {
          throw badRequest(messages.quantityAboveAvailable, { buyQuantity: messages.quantityAboveAvailable });
        }
        const totalCents = product.priceCents * quantity;
        if (totalCents > MAX_ORDER_TOTAL_CENTS) {
          const message = `An order can total at most $${toDollars(MAX_ORDER_TOTAL_CENTS)}: please order fewer pieces.`;
          throw badRequest(message, { buyQuantity: message });
        }

        // The figures the customer saw must be the ones they are charged.
        if (body.productName != null && body.productName.trim() !== product.name) {
          throw conflict(
            `This product is now called '${product.name}'. Please check the order and try again.`,
            'PRODUCT_CHANGED',
          );
        }
        if (body.price !== undefined && toCents(body.price) !== product.priceCents) {
          throw conflict(
            `The price has changed to $${toDollars(product.priceCents)} per piece. Please check the new total and try again.`,
            'PRICE_CHANGED',
          );
        }
        if (body.totalPrize !== undefined && toCents(body.totalPrize) !== totalCents) {
          throw conflict(
            `The total for ${quantity} pcs is $${toDollars(totalCents)}, not $${body.totalPrize}. Please check the order and try again.`,
            'TOTAL_MISMATCH',
          );
        }

        // The conditional UPDATE: a concurrent order that took the stock first makes this one fail.
        const taken = await products.takeStock(product.id, quantity);
        if (!taken)
          throw badRequest(messages.quantityAboveAvailable, { buyQuantity: messages.quantityAboveAvailable });

        return createOrdersRepository(tx).insert({
          userId: user.id,
          productId: product.id,
          customerName: user.name,
          customerEmail: user.email,
          productName: product.name,
          priceCents: product.priceCents,
          quantity,
          totalCents,
          address: body.address,
          phone: body.phone,
        });
      });
      app.catalogueCache.invalidate();
      await sendOrderMail(app, 'placed', order);
      return reply.code(201).send({ acknowledged: true, insertedId: order.id });
    },
  );

  app.get(
    '/myOrders',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Your orders, newest first (the email must be yours)',
        querystring: z.object({ email: z.string({ error: 'email is required' }).max(254) }),
        response: { 200: z.array(OrderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden('You can only see your own orders.');
      }
      const rows = await repository.listByUser(user.id);
      reply.header('x-total-count', rows.length);
      return rows.map(toOrderDto);
    },
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first (admin)',
        response: { 200: z.array(OrderSchema), ...errors },
      },
    },
    async (_request, reply) => {
      const rows = await repository.listAll();
      reply.header('x-total-count', rows.length);
      return rows.map(toOrderDto);
    },
  );

  app.get(
    '/order/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "One order (its customer's or any for an admin; 404 for others)",
        params: OrderIdParams,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) =>
      toOrderDto(visibleOrder(await repository.findById(request.params.id), currentUser(request))),
  );

  app.delete(
    '/myOrder/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Cancels (deletes) an order and gives its stock back: the customer an unpaid one; an admin any not shipped, refunding a paid one',
        params: OrderIdParams,
        response: { 200: DeletedResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const isAdmin = user.role === 'admin';
      const cancelled = await app.db.transaction(async (tx) => {
        const orders = createOrdersRepository(tx);
        // Locked: a parallel cancel (or ship) waits here, then finds the order gone (or shipped).
        const order = visibleOrder(await orders.lockById(request.params.id), user);
        if (order.status === 'shipped')
          throw conflict('A shipped order cannot be cancelled.', 'ORDER_SHIPPED');
        if (order.paid && !isAdmin) {
          throw conflict('This order is already paid. Please contact us to cancel it.', 'ORDER_PAID');
        }
        // Refund first, in the transaction: if the provider fails, the order stays as it was.
        if (order.paid && order.transactionId) await app.payments.refund(order.transactionId, tx);
        const deleted = await orders.deleteAndRestock(order.id, isAdmin ? 'unshipped' : 'unpaid');
        if (!deleted) throw notFound('Order');
        request.log.info(
          { orderId: order.id, by: user.id, refunded: order.paid, transactionId: order.transactionId },
          'order cancelled',
        );
        return order;
      });
      app.catalogueCache.invalidate();
      // The customer hears of a cancel they did not make themselves.
      if (cancelled.userId !== user.id) await sendOrderMail(app, 'cancelledByShop', cancelled);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );

  app.put(
    '/order/shipped/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Marks a paid order shipped (admin); modifiedCount 0 when it already was',
        params: OrderIdParams,
        response: { 200: ModifiedResultSchema, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      const order = await repository.findById(id);
      if (!order) throw notFound('Order');
      if (await repository.markShipped(order.id)) {
        await sendOrderMail(app, 'shipped', order);
        return { acknowledged: true as const, modifiedCount: 1 };
      }
      const now = await repository.findById(id);
      if (!now) throw notFound('Order');
      if (!now.paid) throw conflict('Only a paid order can be shipped.', 'ORDER_UNPAID');
      return { acknowledged: true as const, modifiedCount: 0 };
    },
  );
};
