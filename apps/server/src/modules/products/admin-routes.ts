import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletedResultSchema,
  InsertResultSchema,
  ModifiedResultSchema,
} from '@forgeline/shared/schemas/order';
import {
  ProductBodySchema,
  ProductLifecycleSchema,
  ProductUpdateBodySchema,
} from '@forgeline/shared/schemas/product';
import { getLifecycle, setLifecycle } from './lifecycle.ts';
import { ProductBulkBodySchema, ProductBulkResultSchema } from '@forgeline/shared/schemas/product-bulk';
import { IdempotencyKeyHeaders, withIdempotency } from '../idempotency/index.ts';
import { bulkUpdateProducts } from './bulk.ts';
import { createProduct, deleteProduct, fieldsOfBody as toFields, replaceProduct } from './service.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { deleted, inserted, modified } from '../../lib/replies.ts';

/** The admin's catalogue writes (the rules are in service.ts). */
export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/product',
    {
      config: { apiScopes: ['products:write'] },
      schema: {
        tags: ['products'],
        summary:
          'Adds a product (admin): sku (made up when absent), packSize, maxOrder and priceTiers optional; 400 naming the field when the minimum is above the stock or not a whole number of packs, or the tiers are out of order',
        body: ProductBodySchema,
        response: createdResponses(InsertResultSchema),
      },
    },
    async (request, reply) =>
      inserted(reply, createProduct(app, currentUser(request), toFields(request.body))),
  );

  app.put(
    '/product/:id',
    {
      config: { apiScopes: ['products:write'] },
      schema: {
        tags: ['products'],
        summary:
          'Replaces every field of a product (admin); omitted B2B fields (sku, packSize, maxOrder, priceTiers) are kept; modifiedCount 0 when nothing changed',
        params: IdParams,
        body: ProductUpdateBodySchema,
        response: okResponses(ModifiedResultSchema),
      },
    },
    async (request) =>
      modified(replaceProduct(app, currentUser(request), request.params.id, toFields(request.body))),
  );

  app.post(
    '/products/bulk',
    {
      config: { apiScopes: ['products:write'] },
      schema: {
        tags: ['products'],
        summary:
          "Sets stock and base prices by part number (admin; API key scope products:write), all or nothing: a bad row is a 400 naming it ('Row 3 (FL-X): …') and nothing changes. Stock is the count on the shelf; more than a part had is a goods receipt that fills its back-orders oldest first. Send an Idempotency-Key: a retry gets the first answer",
        headers: IdempotencyKeyHeaders,
        body: ProductBulkBodySchema,
        response: okResponses(ProductBulkResultSchema),
      },
    },
    async (request, reply) =>
      withIdempotency(app, request, reply, async (tx) => {
        const { result, mailIds } = await bulkUpdateProducts(
          app,
          tx,
          currentUser(request),
          request.body.items,
        );
        return {
          statusCode: 200,
          body: result,
          afterCommit: async () => {
            if (result.updated > 0) app.catalogueCache.invalidate();
            app.mailer.deliverLater(mailIds);
          },
        };
      }),
  );

  app.delete(
    '/product/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'Deletes a product (admin); its orders keep their copy of name and price',
        params: IdParams,
        response: okResponses(DeletedResultSchema),
      },
    },
    async (request) => deleted(deleteProduct(app, currentUser(request), request.params.id)),
  );

  app.get(
    '/product/:id/lifecycle',
    {
      config: { apiScopes: ['products:read'] },
      schema: {
        tags: ['products'],
        summary: "A part's discontinued state, replacement and related parts, by part number (admin)",
        params: IdParams,
        response: okResponses(ProductLifecycleSchema),
      },
    },
    async (request) => getLifecycle(app.db, request.params.id),
  );

  app.put(
    '/product/:id/lifecycle',
    {
      config: { apiScopes: ['products:write'] },
      schema: {
        tags: ['products'],
        summary:
          'Marks a part discontinued (or not) with its replacement, and sets its related parts in order (admin); 400 naming an unknown part number',
        params: IdParams,
        body: ProductLifecycleSchema,
        response: okResponses(ProductLifecycleSchema),
      },
    },
    async (request) => setLifecycle(app, currentUser(request), request.params.id, request.body),
  );
};
