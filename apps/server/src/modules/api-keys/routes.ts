import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeySchema,
  CompanyApiKeyBodySchema,
  NewApiKeySchema,
  ShopApiKeyBodySchema,
} from '@forgeline/shared/schemas/api-key';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  createCompanyKey,
  createShopKey,
  listCompanyKeys,
  listShopKeys,
  revokeCompanyKey,
  revokeShopKey,
} from './service.ts';

const tags = ['api keys'];
const SECRET_ONCE =
  'The answer carries the secret this once: only its hash is kept. Send it as `Authorization: Bearer flk_…`.';

/**
 * The shop's API keys, for its ERP (docs/decisions/0234); inside the admin area, whose guard is its
 * onRequest hook. No key may call these (they name no scope): a key never makes or revokes keys.
 */
export const apiKeyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid(() => 'API key'),
  );
  app.get(
    '/apiKeys',
    {
      schema: {
        tags,
        summary: "The shop's API keys, newest first, revoked ones included (admin); never their secrets",
        response: okResponses(z.array(ApiKeySchema)),
      },
    },
    async () => listShopKeys(app),
  );
  app.post(
    '/apiKeys',
    {
      schema: {
        tags,
        summary: `Makes a shop key (admin) with a name and scopes; it acts for you, while you are an admin. ${SECRET_ONCE}`,
        body: ShopApiKeyBodySchema,
        response: createdResponses(NewApiKeySchema),
      },
    },
    async (request, reply) => created(reply, createShopKey(app, currentUser(request), request.body)),
  );
  app.delete(
    '/apiKeys/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a shop key (admin): its next request is refused',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, revokeShopKey(app, currentUser(request), request.params.id)),
  );
};

/** A company's API keys, for its buyer's system: its company admin makes, lists and revokes them. */
export const apiKeyCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook(
    'preHandler',
    notFoundUnlessUuid(() => 'API key'),
  );
  app.get(
    '/company/apiKeys',
    {
      schema: {
        tags,
        summary: "Your company's API keys (company admin), revoked ones included; never their secrets",
        response: okResponses(z.array(ApiKeySchema)),
      },
    },
    async (request) => listCompanyKeys(app, currentUser(request)),
  );
  app.post(
    '/company/apiKeys',
    {
      schema: {
        tags,
        summary: `Makes a key of your company (company admin); it acts for you, while you are its admin. ${SECRET_ONCE}`,
        body: CompanyApiKeyBodySchema,
        response: createdResponses(NewApiKeySchema),
      },
    },
    async (request, reply) => created(reply, createCompanyKey(app, currentUser(request), request.body)),
  );
  app.delete(
    '/company/apiKeys/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a key of your company (company admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) =>
      noContent(reply, revokeCompanyKey(app, currentUser(request), request.params.id)),
  );
};
