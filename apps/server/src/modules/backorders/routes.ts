import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BackorderListQuerySchema, BackorderSchema } from '@forgeline/shared/schemas/backorder';
import { okResponses } from '../../lib/route-schemas.ts';
import { pageRows } from '../../lib/page-headers.ts';
import { listBackorders } from './service.ts';

/** Admin-only: registered inside the admin area, whose one onRequest hook is the guard. */
export const backorderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backorders',
    {
      config: { apiScopes: ['orders:read'] },
      schema: {
        tags: ['orders'],
        summary:
          'Order lines with pieces waiting for stock (admin), oldest first, a page at a time (page, limit: 50 unless asked, at most 100; the total in X-Total-Count): part, order, buyer, pieces waiting and age in days; the next goods receipt fills them in this order',
        querystring: BackorderListQuerySchema,
        response: okResponses(z.array(BackorderSchema)),
      },
    },
    async (request, reply) => pageRows(reply, await listBackorders(app.db, request.query)),
  );
};
