import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessages } from '@forgeline/shared/schema-constants';
import {
  NewsletterBodySchema,
  NewsletterResponseSchema,
  NewsletterSubscriberSchema,
} from '@forgeline/shared/schemas/contact';
import { listSubscribers, subscribeToNewsletter } from './service.ts';
import { okResponses } from '../../lib/route-schemas.ts';
import { writeLimitOf } from '../../plugins/app/write-limits.ts';

export const NEWSLETTER_RATE_LIMIT = { max: writeLimitOf('POST /api/newsletter').perAddress };

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: "The footer's Newsletter box: the same 200 and message whether the address is new or known",
        body: NewsletterBodySchema,
        response: okResponses(NewsletterResponseSchema),
      },
    },
    async (request, reply) => {
      await subscribeToNewsletter(app, request.body.email);
      // Whether the address was known is not for a visitor to learn: the same status, body and work.
      return reply.code(200).send({ acknowledged: true, message: contactMessages.subscribed });
    },
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'The newsletter subscribers, newest first (admins)',
        response: okResponses(z.array(NewsletterSubscriberSchema)),
      },
    },
    async () => listSubscribers(app),
  );
};
