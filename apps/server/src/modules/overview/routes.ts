import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OverviewQuerySchema, OverviewSchema } from '@forgeline/shared/schemas/overview';
import { getOverview } from './service.ts';
import { okResponses } from '../../lib/route-schemas.ts';

/** Admin-only: registered inside the admin area, whose one onRequest hook is the guard. */
export const overviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      schema: {
        tags: ['overview'],
        summary:
          "The admin's overview: paid revenue today, 7 and 30 days; orders to ship; unpaid orders and the stock they hold; products low on stock; paid revenue per day and top products over 30 or 90 days",
        querystring: OverviewQuerySchema,
        response: okResponses(OverviewSchema),
      },
    },
    async (request) => getOverview(app, request.query.days),
  );
};
