import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MarkPaidBodySchema,
  MyPaymentTermsSchema,
  PaymentTermsBodySchema,
  PaymentTermsSchema,
  TermsInvoiceSchema,
  TermsInvoicesQuerySchema,
} from '@forgeline/shared/schemas/payment-terms';
import { ModifiedResultSchema } from '@forgeline/shared/schemas/order';
import { currentUser } from '../../plugins/app/auth.ts';
import { bankTransferOf } from '../invoices/index.ts';
import { termsInvoicesCsv } from './csv.ts';
import { listTermsInvoices, markTermsPaid } from './service.ts';
import { getTerms, setPersonTerms } from '../companies/index.ts';
import { exportDay, sendCsv } from '../../lib/csv.ts';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { modified } from '../../lib/replies.ts';

/** The buyer's own terms: whether the checkout may offer 'pay by invoice', and what is left of the limit. */
export const paymentTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/myTerms',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payment terms'],
        summary:
          'Your payment terms: approved or not, net days, credit limit, used and available (dollars), and the bank account invoices are paid into',
        response: okResponses(MyPaymentTermsSchema),
      },
    },
    async (request) => {
      const terms = await getTerms(app.db, currentUser(request).id);
      return { ...terms, bankTransfer: terms.approved ? bankTransferOf(app.config, null) : null };
    },
  );
};

/** Admin-only (registered inside the admin area): approve terms, list open invoices, mark one paid. */
export const paymentTermsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/terms',
    {
      schema: {
        tags: ['payment terms'],
        summary: "A customer's payment terms and the credit in use (admin)",
        params: IdParams,
        response: okResponses(PaymentTermsSchema),
      },
    },
    async (request) => getTerms(app.db, request.params.id),
  );

  app.patch(
    '/users/:id/terms',
    {
      schema: {
        tags: ['payment terms'],
        summary:
          'Approves a customer to pay by invoice, net 15/30/60 days with a credit limit in dollars, on their company (a person without one gets a company of their own); terms: null withdraws it (admin)',
        params: IdParams,
        body: PaymentTermsBodySchema,
        response: okResponses(PaymentTermsSchema.extend({ modifiedCount: z.number().int() })),
      },
    },
    async (request) => {
      const { terms, changed } = await setPersonTerms(
        app,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return { ...terms, modifiedCount: changed ? 1 : 0 };
    },
  );

  app.get(
    '/termsInvoices',
    {
      schema: {
        tags: ['payment terms'],
        summary:
          'Invoices on terms with something unpaid, soonest due first; overdue=true: only those past their due date (admin)',
        querystring: TermsInvoicesQuerySchema,
        response: okResponses(z.array(TermsInvoiceSchema)),
      },
    },
    async (request) => listTermsInvoices(app.db, { overdueOnly: request.query.overdue === 'true' }),
  );

  app.get(
    '/termsInvoices.csv',
    {
      schema: {
        tags: ['payment terms'],
        summary:
          'The invoices on terms with something unpaid as CSV, soonest due first; overdue=true: only those past their due date (admin); cells a spreadsheet would read as a formula are written as text',
        querystring: TermsInvoicesQuerySchema,
        response: okResponses(z.any().describe('text/csv')),
      },
    },
    async (request, reply) => {
      const invoices = await listTermsInvoices(app.db, {
        overdueOnly: request.query.overdue === 'true',
        limit: 10_000,
      });
      return sendCsv(reply, `forgeline-invoices-on-terms-${exportDay()}.csv`, termsInvoicesCsv(invoices));
    },
  );

  app.post(
    '/checkouts/:id/mark-paid',
    {
      schema: {
        tags: ['payment terms'],
        summary:
          "Records the transfer that paid an invoice checkout, with its reference: every unpaid line paid, the receipt mailed with the checkout's invoice; 409 when already paid (admin)",
        params: IdParams,
        body: MarkPaidBodySchema,
        response: okResponses(ModifiedResultSchema),
      },
    },
    async (request) =>
      modified(markTermsPaid(app, currentUser(request), request.params.id, request.body.reference)),
  );
};
