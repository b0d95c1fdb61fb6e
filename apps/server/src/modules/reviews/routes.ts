import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InsertResultSchema } from '@forgeline/shared/schemas/order';
import { ProductReviewsSchema, ReviewBodySchema, ReviewSchema } from '@forgeline/shared/schemas/review';
import { currentUser } from '../../plugins/app/auth.ts';
import { leaveReview, newestReviews, reviewsOfProduct } from './service.ts';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { inserted } from '../../lib/replies.ts';
import { writeLimitOf } from '../../plugins/app/write-limits.ts';

/** Reviews per signed-in user (docs/architecture.md §4, abuse): the write limits' table holds it. */
export const REVIEW_RATE_LIMIT = { max: writeLimitOf('POST /api/review').perAccount };

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first',
        response: okResponses(z.array(ReviewSchema)),
      },
    },
    async () => newestReviews(app),
  );

  app.get(
    '/product/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A part's rating and its newest reviews",
        params: IdParams,
        response: okResponses(ProductReviewsSchema),
      },
    },
    async (request) => reviewsOfProduct(app, await app.resolveUser(request), request.params.id),
  );

  app.post(
    '/review',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Leaves a review as yourself: name, email and photo come from your account',
        body: ReviewBodySchema,
        response: createdResponses(InsertResultSchema),
      },
    },
    async (request, reply) => inserted(reply, leaveReview(app, currentUser(request), request.body)),
  );
};
