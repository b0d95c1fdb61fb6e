import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  contactMessages,
  NewsletterBodySchema,
  NewsletterResponseSchema,
  NewsletterSubscriberSchema,
} from '@forgeline/shared';
import { createNewsletterRepository } from './repository.ts';

export const NEWSLETTER_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createNewsletterRepository(app.db);

  app.post(
    '/newsletter',
    {
      config: { rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: {
        tags: ['newsletter'],
        summary: "The footer's Newsletter box: 201 when new, 200 when already subscribed, same message",
        body: NewsletterBodySchema,
        response: {
          200: NewsletterResponseSchema,
          201: NewsletterResponseSchema,
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await repository.subscribe(request.body.email);
      // Whether the address was known is not for a visitor to learn: the same answer either way.
      return reply
        .code(created ? 201 : 200)
        .send({ acknowledged: true, message: contactMessages.subscribed });
    },
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createNewsletterRepository(app.db);
  app.get(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'The newsletter subscribers, newest first (admins)',
        response: { 200: z.array(NewsletterSubscriberSchema), 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => repository.newest(),
  );
};
