import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceSummarySchema } from '@forgeline/shared/schemas/invoice';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { renderInvoicePdf, sellerOf } from './pdf.ts';
import {
  documentExtras,
  getInvoice,
  listMyInvoices,
  listOrderInvoices,
  summarizeDocuments,
} from './service.ts';
import { sendDownload } from '../../lib/downloads.ts';

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/myInvoices',
    {
      config: { apiScopes: ['invoices:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['invoices'],
        summary:
          "Your invoices and credit notes, newest first; each invoice with its due date, status ('paid', 'open', 'overdue' or 'credited') and the balance still owed",
        response: okResponses(z.array(InvoiceSummarySchema)),
      },
    },
    async (request) => summarizeDocuments(app.db, await listMyInvoices(app.db, currentUser(request))),
  );

  app.get(
    '/order/:id/invoices',
    {
      config: { apiScopes: ['invoices:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['invoices'],
        summary: "An order's invoice and credit note, if any (its customer's, or any for an admin)",
        params: IdParams,
        response: okResponses(z.array(InvoiceSummarySchema)),
      },
    },
    async (request) =>
      summarizeDocuments(app.db, await listOrderInvoices(app.db, currentUser(request), request.params.id)),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { apiScopes: ['invoices:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['invoices'],
        summary: 'The PDF of an invoice or credit note (its buyer, or an admin)',
        params: IdParams,
        response: okResponses(z.any()),
      },
    },
    async (request, reply) => {
      const document = await getInvoice(app.db, currentUser(request), request.params.id);
      const pdf = await renderInvoicePdf(
        document,
        sellerOf(app.config),
        await documentExtras(app.db, document),
      );
      return sendDownload(reply, {
        body: pdf,
        fileName: `${document.number}.pdf`,
        contentType: 'application/pdf',
      });
    },
  );
};
