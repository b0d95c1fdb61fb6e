import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BrowseQuerySchema,
  BrowseResultSchema,
  ProductSpecsSchema,
  SuggestionSchema,
  SuggestQuerySchema,
} from '@forgeline/shared/schemas/catalogue';
import { errorResponses, notFound } from '../../lib/errors.ts';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { sendCachedPage } from './catalogue-cache.ts';
import { createCatalogueReader, credentialOf } from './catalogue-reader.ts';

/** A category's page and a search's, with filters and counts; a part's values (docs/decisions/0220). */
export const browseRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueReader(app.db, app.catalogueCache);
  const viewOf = (request: FastifyRequest) =>
    catalogue.viewOfRequest(credentialOf(request), () => app.resolveUser(request));

  app.get(
    '/catalogue',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      compress: false,
      schema: {
        tags: ['catalogue'],
        summary:
          "A category's parts (category=slug) or a search's (q=), filtered by any attribute of the category: bore=10..20 (a range, either end open), seal=2RS,ZZ (any of), stainless=yes; unit=in shows lengths in inches where the category offers them. 400 naming a filter the category has no attribute for",
        querystring: BrowseQuerySchema,
        response: { 200: BrowseResultSchema, 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const seen = await viewOf(request);
      const cached = await catalogue.browsePage(request.query, seen);
      return sendCachedPage(request, reply, cached, seen.key === '');
    },
  );

  app.get(
    '/catalogue/suggest',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      compress: false,
      schema: {
        tags: ['catalogue'],
        summary:
          'Up to 8 parts for a search box while typing: a part number in any case and with any separators (the exact one first), or a name, a typo tolerated',
        querystring: SuggestQuerySchema,
        response: { 200: z.array(SuggestionSchema), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const seen = await viewOf(request);
      const q = request.query.q ?? '';
      if (q.trim() === '') return [];
      return sendCachedPage(request, reply, await catalogue.suggestions(q, seen), seen.key === '');
    },
  );

  app.get(
    '/products/:id/specs',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      schema: {
        tags: ['catalogue'],
        summary: "A part's category trail and attribute values, for its page",
        params: IdParams,
        response: okResponses(ProductSpecsSchema),
      },
    },
    async (request) => {
      const specs = await catalogue.specs(request.params.id, await viewOf(request));
      if (!specs) throw notFound('Product');
      return specs;
    },
  );
};
