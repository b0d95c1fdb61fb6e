import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductListQuerySchema, ProductSchema, type Product } from '@forgeline/shared/schemas/product';
import { errorResponses, notFound } from '../../lib/errors.ts';
import { pickEncoding } from './catalogue-cache.ts';
import { createCatalogueReader, credentialOf } from './catalogue-reader.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueReader(app.db, app.catalogueCache);
  const viewOf = (request: FastifyRequest) =>
    catalogue.viewOfRequest(credentialOf(request), () => app.resolveUser(request));

  app.get(
    '/products',
    {
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
      reply.headers({
        'x-total-count': cached.total,
        etag: cached.etag,
        // A buyer's own prices are kept by their browser alone; the public pages by anyone.
        'cache-control': seen.key === '' ? 'no-cache' : 'private, no-cache',
        vary: 'accept-encoding, cookie, authorization',
      });
      if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send(null);
      const encoding = pickEncoding(request.headers['accept-encoding'], cached.bodyIn('identity').length);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // Already serialized: a Buffer payload with a content type skips the serializer.
      return reply
        .type('application/json; charset=utf-8')
        .send(cached.bodyIn(encoding) as unknown as Product[]);
    },
  );

  app.get(
    '/purchase/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product, for the purchase page',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ProductSchema, ...errorResponses },
      },
    },
    async (request) => {
      const product = await catalogue.product(request.params.id, await viewOf(request));
      if (!product) throw notFound('Product');
      return product;
    },
  );
};
