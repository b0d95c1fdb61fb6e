import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QuickOrderCheckBodySchema, QuickOrderCheckResponseSchema } from '@forgeline/shared/schemas/cart';
import { checkQuickOrder } from './service.ts';
import { okResponses } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/app/auth.ts';

export const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quick-order/check',
    {
      config: { apiScopes: ['catalogue:read', 'orders:write'] },
      onRequest: app.requireUser,
      // Room for the 200 KB of text the check allows, escaped as JSON; the check itself answers 413 above it.
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['cart'],
        summary:
          "Checks pasted 'part-number quantity' lines or a CSV's text (≤ 1,000 lines, ≤ 200 KB: else 413), each line with its problem; stores nothing",
        body: QuickOrderCheckBodySchema,
        response: okResponses(QuickOrderCheckResponseSchema),
      },
    },
    async (request) => checkQuickOrder(app, currentUser(request).id, request.body.text),
  );
};
