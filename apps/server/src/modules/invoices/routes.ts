import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceSummarySchema } from '@forgeline/shared/schemas/invoice';
import { errorResponses } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { toInvoiceSummary } from './mappers.ts';
import { renderInvoicePdf, sellerOf } from './pdf.ts';
import { getInvoice, listMyInvoices, listOrderInvoices } from './service.ts';

const IdParams = z.object({ id: z.string().max(100) });

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/myInvoices',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['invoices'],
        summary: 'Your invoices and credit notes, newest first',
        response: { 200: z.array(InvoiceSummarySchema), ...errorResponses },
      },
    },
    async (request) => (await listMyInvoices(app.db, currentUser(request))).map(toInvoiceSummary),
  );

  app.get(
    '/order/:id/invoices',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['invoices'],
        summary: "An order's invoice and credit note, if any (its customer's, or any for an admin)",
        params: IdParams,
        response: { 200: z.array(InvoiceSummarySchema), ...errorResponses },
      },
    },
    async (request) =>
      (await listOrderInvoices(app.db, currentUser(request), request.params.id)).map(toInvoiceSummary),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['invoices'],
        summary: 'The PDF of an invoice or credit note (its buyer, or an admin)',
        params: IdParams,
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const document = await getInvoice(app.db, currentUser(request), request.params.id);
      const pdf = await renderInvoicePdf(document, sellerOf(app.config));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
