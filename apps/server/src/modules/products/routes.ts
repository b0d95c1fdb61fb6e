import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductListQuerySchema, ProductSchema, RelatedPartSchema } from '@forgeline/shared/schemas/product';
import { relatedParts } from './lifecycle.ts';
import { errorResponses, notFound } from '../../lib/errors.ts';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { sendCachedPage } from './catalogue-cache.ts';
import { createCatalogueReader, credentialOf } from './catalogue-reader.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueReader(app.db, app.catalogueCache);
  const viewOf = (request: FastifyRequest) =>
    catalogue.viewOfRequest(credentialOf(request), () => app.resolveUser(request));

  app.get(
    '/products',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      // Compressed once per cached page below, not by the plugin on every request.
      compress: false,
      schema: {
        tags: ['products'],
        summary: 'The catalogue, oldest first; X-Total-Count holds the number of matches',
        querystring: ProductListQuerySchema,
        response: { 200: z.array(ProductSchema), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const seen = await viewOf(request);
      const cached = await catalogue.page(request.query, seen);
      // A buyer's own prices are kept by their browser alone; the public pages by anyone.
      reply.header('x-total-count', cached.total);
      return sendCachedPage(request, reply, cached, seen.key === '');
    },
  );

  app.get(
    '/purchase/:id',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      schema: {
        tags: ['products'],
        summary: 'One product, for the purchase page',
        params: IdParams,
        response: okResponses(ProductSchema),
      },
    },
    async (request) => {
      const product = await catalogue.product(request.params.id, await viewOf(request));
      if (!product) throw notFound('Product');
      return product;
    },
  );

  app.get(
    '/product/:id/related',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      schema: {
        tags: ['products'],
        summary:
          "A part's related parts (accessories, alternatives) in the admin's order; discontinued ones marked",
        params: IdParams,
        response: okResponses(z.array(RelatedPartSchema)),
      },
    },
    async (request) => relatedParts(app.db, await viewOf(request), request.params.id),
  );
};
