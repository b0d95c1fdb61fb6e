import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ModifiedResultSchema } from '@forgeline/shared/schemas/order';
import { CreateShipmentBodySchema, ShipmentSchema } from '@forgeline/shared/schemas/shipment';
import { sendDownload } from '../../lib/downloads.ts';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { created, modified } from '../../lib/replies.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  createShipment,
  listMyShipments,
  listOrderShipments,
  packingSlip,
  shipRemainder,
} from './service.ts';

/** What buyers read of shipments: those of their orders, as My Orders and an order's page list them. */
export const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/myShipments',
    {
      config: { apiScopes: ['orders:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          "The shipments of your orders (and of your company's when your role reads them), newest first: carrier, tracking number and link, date and pieces per line",
        response: okResponses(z.array(ShipmentSchema)),
      },
    },
    async (request) => listMyShipments(app, currentUser(request)),
  );

  app.get(
    '/order/:id/shipments',
    {
      config: { apiScopes: ['orders:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          'The shipments with pieces of one order line, for whoever may read the order (its buyer, their company by role, admins); 404 for others',
        params: IdParams,
        response: okResponses(z.array(ShipmentSchema)),
      },
    },
    async (request) => listOrderShipments(app, currentUser(request), request.params.id),
  );
};

/** Admin-only: registered inside the admin area, whose one onRequest hook is the guard. */
export const shipmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/shipments',
    {
      config: { apiScopes: ['orders:write'] },
      schema: {
        tags: ['shipments'],
        summary:
          'Ships pieces of paid (or on-terms) lines of one checkout with a carrier and tracking number (admin): 409 naming the rule when a line is cancelled, unpaid or has fewer pieces left, and nothing changes; the buyer gets one mail with the tracking link',
        body: CreateShipmentBodySchema,
        response: createdResponses(ShipmentSchema),
      },
    },
    async (request, reply) => created(reply, createShipment(app, currentUser(request), request.body)),
  );

  app.put(
    '/order/shipped/:id',
    {
      config: { apiScopes: ['orders:write'] },
      schema: {
        tags: ['orders'],
        summary:
          'Ships every piece still to ship of a paid (or on-terms) order line (admin), as one shipment by carrier Other; modifiedCount 0 when nothing was left',
        params: IdParams,
        response: okResponses(ModifiedResultSchema),
      },
    },
    async (request) => modified(shipRemainder(app, currentUser(request), request.params.id)),
  );

  app.get(
    '/shipments/:id/packingSlip.pdf',
    {
      schema: {
        tags: ['shipments'],
        summary:
          'The packing slip of a shipment (admin): lines, pieces in the parcel and still to come, no prices',
        params: IdParams,
        response: okResponses(z.any()),
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await packingSlip(app, request.params.id);
      return sendDownload(reply, {
        body: pdf,
        fileName: filename,
        contentType: 'application/pdf',
        inline: true,
      });
    },
  );
};
