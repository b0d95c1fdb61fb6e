import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompanyWebhookEndpointBodySchema,
  CompanyWebhookEndpointPatchSchema,
  ShopWebhookEndpointBodySchema,
  ShopWebhookEndpointPatchSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryPageSchema,
  WebhookEndpointSchema,
} from '@forgeline/shared/schemas/webhook';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../lib/errors.ts';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  managedCompany,
  replayMessage,
  resumeEndpoint,
  sendTest,
  updateEndpoint,
} from './service.ts';

const tags = ['webhooks'];
const MessageParams = IdParams.extend({ messageId: z.string().max(100) });
const NO_KEYS = 'Signed-in admins only: no API key manages webhooks (decision 0263).';

/**
 * The endpoints of one owner under `base`: the shop's (`owner` answers null) or a company's. Deliveries
 * are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature headers; payload
 * `{ type, timestamp, data }` where data carries the resource as the public API returns it).
 */
const endpointRoutes =
  (
    base: string,
    who: string,
    owner: (request: FastifyRequest) => Promise<{ id: string; name: string } | null>,
    schemas: { body: typeof ShopWebhookEndpointBodySchema; patch: typeof ShopWebhookEndpointPatchSchema },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook(
      'preHandler',
      notFoundUnlessUuid(() => 'Webhook endpoint'),
    );
    app.get(
      base,
      {
        schema: {
          tags,
          summary: `${who} webhook endpoints, newest first, with their secrets (whsec_…). ${NO_KEYS}`,
          response: okResponses(z.array(WebhookEndpointSchema)),
        },
      },
      async (request) => listEndpoints(app, await owner(request)),
    );
    app.post(
      base,
      {
        schema: {
          tags,
          summary: `Adds a ${who} endpoint for the events named; its URL must be a public https address unless WEBHOOKS_ALLOW_PRIVATE=true. ${NO_KEYS}`,
          body: schemas.body,
          response: createdResponses(WebhookEndpointSchema),
        },
      },
      async (request, reply) =>
        created(reply, createEndpoint(app, currentUser(request), await owner(request), request.body)),
    );
    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Changes a ${who} endpoint's URL, description or events; rotateSecret makes a new secret`,
          params: IdParams,
          body: schemas.patch.extend({ rotateSecret: z.boolean().optional() }),
          response: okResponses(WebhookEndpointSchema),
        },
      },
      async (request) =>
        updateEndpoint(app, currentUser(request), await owner(request), request.params.id, request.body),
    );
    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Deletes a ${who} endpoint and its delivery log`,
          params: IdParams,
          response: noContentResponses,
        },
      },
      async (request, reply) =>
        noContent(reply, deleteEndpoint(app, currentUser(request), await owner(request), request.params.id)),
    );
    app.get(
      `${base}/:id/deliveries`,
      {
        schema: {
          tags,
          summary: `A ${who} endpoint's deliveries, newest first, with the last attempt's status code, duration and error`,
          params: IdParams,
          querystring: WebhookDeliveriesQuerySchema,
          response: okResponses(WebhookDeliveryPageSchema),
        },
      },
      async (request) =>
        listDeliveries(app, await owner(request), request.params.id, request.query.page, request.query.limit),
    );
    app.post(
      `${base}/:id/messages/:messageId/replay`,
      {
        schema: {
          tags,
          summary:
            'Sends a message to the endpoint again (same webhook-id, so the receiver can dedupe); the delivery job sends it',
          params: MessageParams,
          response: { 202: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await replayMessage(app, await owner(request), request.params.id, request.params.messageId);
        return reply.code(202).send(null);
      },
    );
    app.post(
      `${base}/:id/resume`,
      {
        schema: {
          tags,
          summary: 'Resumes a paused endpoint: what waited for it is delivered, in order',
          params: IdParams,
          response: okResponses(WebhookEndpointSchema),
        },
      },
      async (request) => resumeEndpoint(app, currentUser(request), await owner(request), request.params.id),
    );
    app.post(
      `${base}/:id/test`,
      {
        schema: {
          tags,
          summary: 'Sends a webhook.test message to this endpoint alone',
          params: IdParams,
          response: { 202: z.object({ messageId: z.string() }), ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await sendTest(app, await owner(request), request.params.id)),
    );
  };

/** The shop's endpoints, inside the admin area (its guard is the area's onRequest hook). */
export const webhookAdminRoutes = endpointRoutes('/webhooks/endpoints', "The shop's", async () => null, {
  body: ShopWebhookEndpointBodySchema,
  patch: ShopWebhookEndpointPatchSchema,
});

/** A company's endpoints, for its company admin: another company's endpoint is not found. */
export const webhookCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  await app.register(
    endpointRoutes(
      '/company/webhooks/endpoints',
      "Your company's",
      (request) => managedCompany(app.db, currentUser(request)),
      {
        body: CompanyWebhookEndpointBodySchema as unknown as typeof ShopWebhookEndpointBodySchema,
        patch: CompanyWebhookEndpointPatchSchema as unknown as typeof ShopWebhookEndpointPatchSchema,
      },
    ),
  );
};
