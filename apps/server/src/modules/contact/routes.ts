import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactBodySchema,
  ContactMessageSchema,
  InsertedResponseSchema,
} from '@forgeline/shared/schemas/contact';
import { listContactMessages, sendContactMessage } from './service.ts';
import { createdResponses, okResponses } from '../../lib/route-schemas.ts';
import { inserted } from '../../lib/replies.ts';
import { writeLimitOf } from '../../plugins/app/write-limits.ts';

/** Messages per IP and window: enough for a person, too few for a spammer (docs/architecture.md §4, abuse). */
export const CONTACT_RATE_LIMIT = { max: writeLimitOf('POST /api/contact').perAddress };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: "The home page's 'Send Us Email' form: stores the message for the admins",
        body: ContactBodySchema,
        response: createdResponses(InsertedResponseSchema),
      },
    },
    async (request, reply) => inserted(reply, sendContactMessage(app, request.body)),
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'The messages of the contact form, newest first (admins)',
        response: okResponses(z.array(ContactMessageSchema)),
      },
    },
    async () => listContactMessages(app),
  );
};
