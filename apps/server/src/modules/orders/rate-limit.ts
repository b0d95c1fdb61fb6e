import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The order placement limit (docs/architecture.md §4, abuse), one budget per signed-in user shared by POST /order
     * and POST /checkout: a checkout counts once however many lines it places. A preHandler, so that it
     * runs after requireUser (onRequest) and counts per user, not per address.
     */
    orderRateLimit: preHandlerAsyncHookHandler;
  }
}

/** Generous for a buyer, a wall for a script. */
export const ORDER_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

export const orderRateLimitPlugin = fp(
  async (app) => {
    // One limiter (one store) for both routes: route-level configs would each count on their own.
    app.decorate(
      'orderRateLimit',
      app.rateLimit({
        ...ORDER_RATE_LIMIT,
        keyGenerator: (request) => `order:${request.user?.id ?? request.ip}`,
      }),
    );
  },
  { name: 'order-rate-limit', dependencies: ['rate-limit'] },
);
