import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  DeletedResultSchema,
  InsertResultSchema,
  ModifiedResultSchema,
  ProductBodySchema,
  ProductUpdateBodySchema,
  toCents,
  type ProductBody,
} from '@forgeline/shared';
import { products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { createProductsRepository, isUuid } from './repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const ProductIdParams = z.object({ id: z.string().max(100) });

const toColumns = (body: ProductBody) => ({
  name: body.name,
  priceCents: toCents(body.price),
  minOrder: body.minOrder,
  availableQuantity: body.availableQuantiity,
  description: body.description,
  imageUrl: body.img,
});

/**
 * The admin's catalogue writes. Each clears the catalogue cache. Orders keep their own copy of the
 * name and price, so deleting a product leaves them whole (the link is set to null).
 */
export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createProductsRepository(app.db);

  app.post(
    '/product',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary: 'Adds a product (admin)',
        body: ProductBodySchema,
        response: { 201: InsertResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await repository.insert(toColumns(request.body));
      app.catalogueCache.invalidate();
      return reply.code(201).send({ acknowledged: true, insertedId: row.id });
    },
  );

  app.put(
    '/product/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary: 'Replaces every field of a product (admin); modifiedCount 0 when nothing changed',
        params: ProductIdParams,
        body: ProductUpdateBodySchema,
        response: { 200: ModifiedResultSchema, ...errors },
      },
    },
    async (request) => {
      const existing = await repository.findById(request.params.id);
      if (!existing) throw notFound('Product');
      const next = toColumns(request.body);
      const unchanged = (Object.keys(next) as (keyof typeof next)[]).every(
        (key) => existing[key] === next[key],
      );
      if (unchanged) return { acknowledged: true as const, modifiedCount: 0 };
      const rows = await app.db
        .update(products)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(products.id, existing.id))
        .returning({ id: products.id });
      if (rows.length === 0) throw notFound('Product');
      app.catalogueCache.invalidate();
      return { acknowledged: true as const, modifiedCount: 1 };
    },
  );

  app.delete(
    '/product/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary: 'Deletes a product (admin); its orders keep their copy of name and price',
        params: ProductIdParams,
        response: { 200: DeletedResultSchema, ...errors },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Product');
      const rows = await app.db
        .delete(products)
        .where(eq(products.id, request.params.id))
        .returning({ id: products.id });
      if (rows.length === 0) throw notFound('Product');
      app.catalogueCache.invalidate();
      return { acknowledged: true as const, deletedCount: rows.length };
    },
  );
};
