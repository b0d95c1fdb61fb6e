import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@forgeline/shared/api-error';
import { LIMITS } from '@forgeline/shared/constants';
import {
  ProductImportQuerySchema,
  ProductImportRefusedSchema,
  ProductImportReportSchema,
} from '@forgeline/shared/schemas/product-import';
import { errorResponses } from '../../lib/errors.ts';
import { okResponses } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { acceptCsvUploads, exportDay, sendCsv, uploadedCsv } from '../../lib/csv.ts';
import { importTooLarge, productsCsvStream } from './csv.ts';
import { importProducts } from './import.ts';
import { exportProducts } from './service.ts';

/**
 * The products CSV (admin, docs/decisions/0107): the export, and the import whose body is the file
 * itself as text/csv. Registered inside the admin area, whose one onRequest hook is the guard.
 */
export const productCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptCsvUploads(app, LIMITS.productImportBytesMax, importTooLarge);

  app.get(
    '/products.csv',
    {
      config: { apiScopes: ['products:read'] },
      schema: {
        tags: ['products'],
        summary:
          "Every product by part number as CSV (admin): part number, name, price, stock, minimum order, pack size, maximum order, price breaks ('100:4.20;500:3.90'), low-stock alert, description, image; streamed; cells a spreadsheet would read as a formula are written as text",
        response: okResponses(z.any().describe('text/csv')),
      },
    },
    async (_request, reply) =>
      sendCsv(reply, `forgeline-products-${exportDay()}.csv`, productsCsvStream(exportProducts(app))),
  );

  app.post(
    '/products/import',
    {
      config: { apiScopes: ['products:write'] },
      bodyLimit: LIMITS.productImportBytesMax,
      schema: {
        tags: ['products'],
        summary:
          "Imports products from a CSV sent as the body (Content-Type: text/csv; admin): the export's columns, header row required; a row updates the product of its part number, or adds one. ?dryRun=true reports what each row would do and every problem, writing nothing; a real run writes every row in one transaction, or none: 400 with the same report when any row is refused. At most 2 MB and 5,000 rows (413)",
        querystring: ProductImportQuerySchema,
        response: {
          200: ProductImportReportSchema,
          ...errorResponses,
          400: z.union([ProductImportRefusedSchema, ApiErrorSchema]),
        },
      },
    },
    async (request) =>
      importProducts(app, currentUser(request), uploadedCsv(request.body), request.query.dryRun ?? false),
  );
};
