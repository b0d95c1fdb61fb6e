import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the server and its database are up, else 503',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      if (await pingDatabase(app.db)) return { status: 'ok' as const, database: 'up' as const };
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    },
  );
};
