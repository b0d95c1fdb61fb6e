import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@forgeline/shared/constants';
import {
  TaxExemptionFieldsSchema,
  TaxExemptionListQuerySchema,
  TaxExemptionRejectBodySchema,
  TaxExemptionSchema,
  TaxRateBodySchema,
  TaxRatePatchSchema,
  TaxRateSchema,
  TaxReportQuerySchema,
} from '@forgeline/shared/schemas/tax';
import { badRequest, DomainError, notFound } from '../../lib/errors.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { sendCsv } from '../../lib/csv.ts';
import { sendDownload } from '../../lib/downloads.ts';
import { readFileAndFields, refuseLargerThan, registerSingleFileUpload } from '../../lib/uploads.ts';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { findMembership } from '../membership/index.ts';
import {
  decideExemption,
  exemptionFile,
  listExemptions,
  listOwnExemptions,
  uploadExemption,
} from './exemptions.ts';
import { createTaxRate, deleteTaxRate, listTaxRates, updateTaxRate } from './rates.ts';
import { taxReportCsv } from './report.ts';
import { setTaxIdVerification } from './verification.ts';

const tags = ['tax'];
const VerificationSchema = z.object({
  taxId: z.string().nullable(),
  taxIdVerifiedAt: z.string().nullable(),
  taxIdVerifiedBy: z.string().nullable(),
});
const WHAT: [string, string][] = [
  ['/api/tax/rates', 'Tax rate'],
  ['/api/companies', 'Company'],
];

/** Sends a stored certificate as a download that no browser renders in our origin. */
const sendCertificate = (
  reply: FastifyReply,
  file: { file: Buffer; fileName: string; contentType: string },
) => sendDownload(reply, { body: file.file, fileName: file.fileName, contentType: file.contentType });

/**
 * The shop admin's side of tax (decision 0231), registered inside the admin area (its one onRequest hook
 * is the guard): rates, VAT ID verification, exemption certificates and the report.
 */
export const taxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid((url) => WHAT.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'Certificate'),
  );

  app.get(
    '/tax/rates',
    {
      schema: {
        tags,
        summary: 'Every tax rate, by country, region, category and start (admin)',
        response: okResponses(z.array(TaxRateSchema)),
      },
    },
    async () => listTaxRates(app.db),
  );
  app.post(
    '/tax/rates',
    {
      schema: {
        tags,
        summary:
          'Adds a tax rate (admin): country (ISO 3166), region (optional), category standard|reduced, rate in percent (two decimals), name, validFrom, validTo (optional); 409 TAX_RATE_OVERLAP when another rate of the place and category is valid on the same days',
        body: TaxRateBodySchema,
        response: createdResponses(TaxRateSchema),
      },
    },
    async (request, reply) => created(reply, createTaxRate(app, currentUser(request), request.body)),
  );
  app.patch(
    '/tax/rates/:id',
    {
      schema: {
        tags,
        summary: 'Changes a tax rate (admin); the rate as changed is checked whole, overlaps refused',
        params: IdParams,
        body: TaxRatePatchSchema,
        response: okResponses(TaxRateSchema),
      },
    },
    async (request) => updateTaxRate(app, currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/tax/rates/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a tax rate (admin); orders keep the rate they were charged',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, deleteTaxRate(app, currentUser(request), request.params.id)),
  );

  app.post(
    '/companies/:id/taxId/verification',
    {
      schema: {
        tags,
        summary:
          "Marks the company's VAT ID verified (admin, after checking it in VIES); 400 without a VAT ID",
        params: IdParams,
        response: okResponses(VerificationSchema),
      },
    },
    async (request) => setTaxIdVerification(app, currentUser(request), request.params.id, true),
  );
  app.delete(
    '/companies/:id/taxId/verification',
    {
      schema: {
        tags,
        summary: "Withdraws the VAT ID's verification (admin): VAT is charged again",
        params: IdParams,
        response: okResponses(VerificationSchema),
      },
    },
    async (request) => setTaxIdVerification(app, currentUser(request), request.params.id, false),
  );

  app.get(
    '/tax/exemptions',
    {
      schema: {
        tags,
        summary:
          'Tax exemption certificates, newest first: pending ones (or all), of one company or all (admin)',
        querystring: TaxExemptionListQuerySchema,
        response: okResponses(z.array(TaxExemptionSchema)),
      },
    },
    async (request) => listExemptions(app.db, request.query),
  );
  app.get(
    '/tax/exemptions/:id/file',
    {
      schema: {
        tags,
        summary: "A certificate's file, as a download (admin)",
        params: IdParams,
        response: okResponses(z.any().describe('the file')),
      },
    },
    async (request, reply) => sendCertificate(reply, await exemptionFile(app.db, request.params.id)),
  );
  app.post(
    '/tax/exemptions/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approves a pending certificate (admin): the company is exempt until it expires',
        params: IdParams,
        response: okResponses(TaxExemptionSchema),
      },
    },
    async (request) => decideExemption(app, currentUser(request), request.params.id, { approve: true }),
  );
  app.post(
    '/tax/exemptions/:id/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a pending certificate with a reason the company is told (admin)',
        params: IdParams,
        body: TaxExemptionRejectBodySchema,
        response: okResponses(TaxExemptionSchema),
      },
    },
    async (request) =>
      decideExemption(app, currentUser(request), request.params.id, {
        approve: false,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/tax/report.csv',
    {
      schema: {
        tags,
        summary:
          'Tax report as CSV (admin): invoices less credit notes issued from..to (YYYY-MM-DD, both included), per country, rate and treatment',
        querystring: TaxReportQuerySchema,
        response: okResponses(z.any().describe('text/csv')),
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `forgeline-tax-${request.query.from}-${request.query.to}.csv`,
        await taxReportCsv(app, request.query),
      ),
  );
};

const tooLarge = () =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The certificate is larger than ${LIMITS.imageBytesMax / 1024 / 1024} MB: scan it at a lower resolution or as a PDF.`,
  );
const FILE_REQUIRED = 'Choose the certificate file (PDF, PNG or JPEG).';

/** The text fields and the one file `file` of a certificate upload. */
async function readCertificateUpload(request: FastifyRequest) {
  const { fields, file } = await readFileAndFields(request, 'file', tooLarge);
  if (!file || file.bytes.length === 0) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
  const parsed = TaxExemptionFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]),
    );
    throw badRequest(parsed.error.issues[0]?.message ?? 'The certificate details are not valid.', details);
  }
  return { fields: parsed.data, file };
}

/** A company's own certificates (decision 0231): every member reads them, admin or finance uploads. */
export const taxCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook(
    'preHandler',
    notFoundUnlessUuid(() => 'Certificate'),
  );
  await registerSingleFileUpload(app, { fileSize: LIMITS.imageBytesMax, fields: 6, parts: 8 });

  app.get(
    '/company/taxExemptions',
    {
      schema: {
        tags,
        summary: "Your company's tax exemption certificates and their status, newest first",
        response: okResponses(z.array(TaxExemptionSchema)),
      },
    },
    async (request) => listOwnExemptions(app.db, currentUser(request)),
  );
  app.post(
    '/company/taxExemptions',
    {
      onRequest: refuseLargerThan(LIMITS.imageBytesMax, tooLarge),
      schema: {
        tags,
        summary:
          'Uploads a tax exemption certificate (company admin or finance; multipart: file (PDF, PNG or JPEG, at most 5 MB), certificateNumber, region, expiresOn YYYY-MM-DD)',
        consumes: ['multipart/form-data'],
        response: createdResponses(TaxExemptionSchema),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the certificate as multipart/form-data.');
      const { fields, file } = await readCertificateUpload(request);
      return created(reply, uploadExemption(app, currentUser(request), fields, file));
    },
  );
  app.get(
    '/company/taxExemptions/:id/file',
    {
      schema: {
        tags,
        summary: "One of your company's certificates, as a download",
        params: IdParams,
        response: okResponses(z.any().describe('the file')),
      },
    },
    async (request, reply) => {
      const member = await findMembership(app.db, currentUser(request).id);
      const file = await exemptionFile(app.db, request.params.id).catch(() => undefined);
      if (!member || !file || file.companyId !== member.companyId) throw notFound('Certificate');
      return sendCertificate(reply, file);
    },
  );
};
