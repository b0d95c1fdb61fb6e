import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, InsertResultSchema, ReviewBodySchema, ReviewSchema } from '@forgeline/shared';
import { currentUser } from '../../plugins/app/auth.ts';
import { ownImageOrNull } from '../auth/identity-rules.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { createReviewsRepository } from './repository.ts';

/** Reviews per signed-in user (DESIGN §4, abuse). */
export const REVIEW_RATE_LIMIT = { max: 5, timeWindow: 60 * 60_000 };

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createReviewsRepository(app.db);
  const orders = createOrdersRepository(app.db);

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first',
        response: { 200: z.array(ReviewSchema) },
      },
    },
    async () => repository.newest(),
  );

  app.post(
    '/review',
    {
      onRequest: app.requireUser,
      config: {
        rateLimit: {
          ...REVIEW_RATE_LIMIT,
          hook: 'preHandler',
          keyGenerator: (request) => `review:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['reviews'],
        summary: 'Leaves a review as yourself: name, email and photo come from your account',
        body: ReviewBodySchema,
        response: {
          201: InsertResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { profession, review, rating } = request.body;
      const row = await repository.insert({
        userId: user.id,
        name: user.name,
        email: user.email,
        imageUrl: ownImageOrNull(user.image),
        profession,
        body: review,
        rating,
        verifiedPurchase: await orders.hasPaidOrder(user.id),
      });
      return reply.code(201).send({ acknowledged: true, insertedId: row.id });
    },
  );
};
