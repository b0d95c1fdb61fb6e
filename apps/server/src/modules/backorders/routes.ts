import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BackorderSchema } from '@forgeline/shared/schemas/backorder';
import { errorResponses } from '../../lib/errors.ts';
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
          'Order lines with pieces waiting for stock (admin), oldest first: part, order, buyer, pieces waiting and age in days; the next goods receipt fills them in this order',
        response: { 200: z.array(BackorderSchema), ...errorResponses },
      },
    },
    async () => listBackorders(app.db),
  );
};
