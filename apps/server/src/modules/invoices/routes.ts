import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceSummarySchema, toDollars } from '@forgeline/shared';
import type { InvoiceRow } from '../../db/schema/index.ts';
import { notFound, errorResponses } from '../../lib/errors.ts';
import { currentUser, type AuthUser } from '../../plugins/app/auth.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { renderInvoicePdf, sellerOf } from './pdf.ts';
import { createInvoicesRepository } from './repository.ts';

const IdParams = z.object({ id: z.string().max(100) });

/** The wire shape of a document; the orders it covers come from its lines. */
export const toInvoiceSummary = (row: InvoiceRow) => ({
  _id: row.id,
  number: row.number,
  kind: row.kind,
  issuedAt: row.issuedAt.toISOString(),
  total: toDollars(row.totalCents),
  poReference: row.poReference,
  paymentReference: row.paymentReference,
  orderIds: row.lines.map((line) => line.orderId),
  pdfUrl: `/api/invoices/${row.id}/pdf`,
  dueAt: row.dueAt?.toISOString() ?? null,
});

/** A document is its buyer's and the admins'; to anyone else it does not exist. */
function visibleDocument(row: InvoiceRow | undefined, user: AuthUser): InvoiceRow {
  if (!row || (row.userId !== user.id && user.role !== 'admin')) throw notFound('Invoice');
  return row;
}

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = createInvoicesRepository(app.db);
  const orders = createOrdersRepository(app.db);

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
    async (request) => (await invoices.listForUser(currentUser(request).id)).map(toInvoiceSummary),
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
    async (request) => {
      const user = currentUser(request);
      const documents = await invoices.listForOrder(request.params.id);
      if (documents.length === 0) {
        // An order without documents yet (unpaid) is still the caller's to ask about, or not found.
        const order = await orders.findById(request.params.id);
        if (!order || (order.userId !== user.id && user.role !== 'admin')) throw notFound('Order');
        return [];
      }
      return documents.map((row) => toInvoiceSummary(visibleDocument(row, user)));
    },
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
      const document = visibleDocument(await invoices.findById(request.params.id), currentUser(request));
      const pdf = await renderInvoicePdf(document, sellerOf(app.config));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
