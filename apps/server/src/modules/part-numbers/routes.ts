import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@forgeline/shared/api-error';
import { LIMITS } from '@forgeline/shared/constants';
import {
  PartNumberBodySchema,
  PartNumberImportQuerySchema,
  PartNumberImportRefusedSchema,
  PartNumberImportReportSchema,
  PartNumberSchema,
} from '@forgeline/shared/schemas/part-numbers';
import { acceptCsvUploads, exportDay, sendCsv, uploadedCsv } from '../../lib/csv.ts';
import { errorResponses, notFound } from '../../lib/errors.ts';
import { noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { isUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  exportPartNumbers,
  importPartNumbers,
  listPartNumbers,
  partNumbersImportTooLarge,
  removePartNumber,
  setPartNumber,
} from './service.ts';

const tags = ['companies'];
const ProductParams = z.object({ productId: z.string().max(100) });

/** A company's own part numbers (docs/decisions/0218): members read them, a company admin changes them. */
export const partNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  acceptCsvUploads(app, LIMITS.partNumberImportBytesMax, partNumbersImportTooLarge);

  app.get(
    '/company/partNumbers',
    {
      schema: {
        tags,
        summary: "Your company's own part numbers and the parts of ours they name, by your number",
        response: okResponses(z.array(PartNumberSchema)),
      },
    },
    async (request) => listPartNumbers(app, currentUser(request).id),
  );

  app.put(
    '/company/partNumbers',
    {
      schema: {
        tags,
        summary:
          "Sets your company's number for one of our parts, replacing its old one (company admin); a number names one part",
        body: PartNumberBodySchema,
        response: okResponses(PartNumberSchema),
      },
    },
    async (request) => setPartNumber(app, currentUser(request), request.body),
  );

  app.delete(
    '/company/partNumbers/:productId',
    {
      schema: {
        tags,
        summary: "Removes your company's number for one of our parts (company admin)",
        params: ProductParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.productId)) throw notFound('Part number');
      await removePartNumber(app, currentUser(request), request.params.productId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/company/partNumbers.csv',
    {
      schema: {
        tags,
        summary:
          "Your company's part numbers as CSV: customer part number, our part number, name; cells a spreadsheet would read as a formula are written as text",
        response: okResponses(z.any().describe('text/csv')),
      },
    },
    async (request, reply) => {
      const csv = await exportPartNumbers(app, currentUser(request).id);
      return sendCsv(reply, `part-numbers-${exportDay()}.csv`, csv);
    },
  );

  app.post(
    '/company/partNumbers/import',
    {
      bodyLimit: LIMITS.partNumberImportBytesMax,
      schema: {
        tags,
        summary:
          "Imports your company's part numbers from a CSV sent as the body (Content-Type: text/csv; company admin): columns 'Customer part number' and 'Part number', header row required; each row sets the number of one of our parts, numbers not in the file stay. ?dryRun=true reports what each row would do, writing nothing; a real run writes every row or none (400 naming the first refused row, with the report). At most 1 MB and 5,000 rows (413)",
        querystring: PartNumberImportQuerySchema,
        response: {
          200: PartNumberImportReportSchema,
          ...errorResponses,
          400: z.union([PartNumberImportRefusedSchema, ApiErrorSchema]),
        },
      },
    },
    async (request) =>
      importPartNumbers(app, currentUser(request), uploadedCsv(request.body), request.query.dryRun ?? false),
  );
};
