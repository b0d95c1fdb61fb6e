import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntrySchema, AuditQuerySchema } from '@forgeline/shared/schemas/audit';
import { listAudit } from './service.ts';
import { okResponses } from '../../lib/route-schemas.ts';
import { pageRows } from '../../lib/page-headers.ts';

/** Admin-only: registered inside the admin area, whose one onRequest hook is the guard. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        summary:
          'What admins did, newest first (admin): filtered by action, actor e-mail, subject and days; the total in X-Total-Count and the next page in X-Next-Cursor',
        querystring: AuditQuerySchema,
        response: okResponses(z.array(AuditEntrySchema)),
      },
    },
    async (request, reply) => pageRows(reply, await listAudit(app, request.query)),
  );
};
