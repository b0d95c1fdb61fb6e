import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryMethodBodySchema,
  DeliveryMethodSchema,
  DeliveryOptionsSchema,
  DeliveryZoneBodySchema,
  DeliveryZoneSchema,
  DeliveryOptionsQuerySchema,
} from '@forgeline/shared/schemas/delivery';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  deleteMethod,
  deleteZone,
  deliveryOptionsForCart,
  deliveryOptionsForLines,
  listMethods,
  listZones,
  saveMethod,
  saveZone,
} from './service.ts';

const tags = ['delivery'];

/** The buyer's side (decision 0235): the methods that serve their cart to a destination, with costs. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery/options',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'The delivery methods that serve your cart to a destination (country, region), cheapest first, with cost and tax; cost null: freight quoted after the order',
        querystring: DeliveryOptionsQuerySchema,
        response: okResponses(DeliveryOptionsSchema),
      },
    },
    async (request) => {
      const destination = { country: request.query.country, region: request.query.region ?? null };
      const lines = request.query.lines?.split(',').map((pair) => {
        const [productId = '', quantity = '0'] = pair.split(':');
        return { productId, quantity: Number(quantity) };
      });
      return lines
        ? deliveryOptionsForLines(app, currentUser(request).id, destination, lines)
        : deliveryOptionsForCart(app, currentUser(request).id, destination);
    },
  );
};

/** The shop admin's zones and methods (inside the admin area). */
export const deliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery/zones',
    {
      schema: {
        tags,
        summary: 'Every delivery zone (admin)',
        response: { 200: z.array(DeliveryZoneSchema) },
      },
    },
    async () => listZones(app.db),
  );
  app.post(
    '/delivery/zones',
    {
      schema: {
        tags,
        summary: 'Adds a delivery zone (admin): a name and countries (DE) or regions (US-IL)',
        body: DeliveryZoneBodySchema,
        response: createdResponses(DeliveryZoneSchema),
      },
    },
    async (request, reply) => created(reply, saveZone(app, currentUser(request), request.body)),
  );
  app.put(
    '/delivery/zones/:id',
    {
      schema: {
        tags,
        summary: 'Changes a delivery zone (admin)',
        params: IdParams,
        body: DeliveryZoneBodySchema,
        response: okResponses(DeliveryZoneSchema),
      },
    },
    async (request) => saveZone(app, currentUser(request), request.body, request.params.id),
  );
  app.delete(
    '/delivery/zones/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a delivery zone no method prices any more (admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, deleteZone(app, currentUser(request), request.params.id)),
  );

  app.get(
    '/delivery/methods',
    {
      schema: {
        tags,
        summary: 'Every delivery method (admin)',
        response: { 200: z.array(DeliveryMethodSchema) },
      },
    },
    async () => listMethods(app.db),
  );
  app.post(
    '/delivery/methods',
    {
      schema: {
        tags,
        summary:
          'Adds a delivery method (admin): kind flat | weight | free_over | collection | freight_quote and a rate per zone; 400 UNKNOWN_ZONE for a zone the shop does not have',
        body: DeliveryMethodBodySchema,
        response: createdResponses(DeliveryMethodSchema),
      },
    },
    async (request, reply) => created(reply, saveMethod(app, currentUser(request), request.body)),
  );
  app.put(
    '/delivery/methods/:id',
    {
      schema: {
        tags,
        summary: 'Changes a delivery method (admin); checkouts placed keep what they were charged',
        params: IdParams,
        body: DeliveryMethodBodySchema,
        response: okResponses(DeliveryMethodSchema),
      },
    },
    async (request) => saveMethod(app, currentUser(request), request.body, request.params.id),
  );
  app.delete(
    '/delivery/methods/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a delivery method (admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, deleteMethod(app, currentUser(request), request.params.id)),
  );
};
