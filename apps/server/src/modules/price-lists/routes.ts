import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@forgeline/shared/api-error';
import { LIMITS } from '@forgeline/shared/constants';
import { ProductImportQuerySchema } from '@forgeline/shared/schemas/product-import';
import {
  AssignmentBodySchema,
  AssignmentPatchSchema,
  CompanyGroupBodySchema,
  CompanyPricingSchema,
  CustomerGroupBodySchema,
  CustomerGroupSchema,
  PriceExplainQuerySchema,
  PriceExplanationSchema,
  PriceListBodySchema,
  PriceListDetailSchema,
  PriceListImportRefusedSchema,
  PriceListImportReportSchema,
  PriceListItemBodySchema,
  PriceListSummarySchema,
  ProductAccessBodySchema,
  ProductAccessSchema,
} from '@forgeline/shared/schemas/price-list';
import { acceptCsvUploads, sendCsv, uploadedCsv } from '../../lib/csv.ts';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { errorResponses } from '../../lib/errors.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { getAccess, setAccess } from './access.ts';
import { priceListCsvStream, importPriceListItems, priceListImportTooLarge } from './csv.ts';
import { explainPrice } from './explain.ts';
import {
  companyPricing,
  createGroup,
  deleteGroup,
  listGroups,
  renameGroup,
  setCompanyGroup,
} from './groups.ts';
import { createPriceListsRepository } from './repository.ts';
import {
  addAssignment,
  changeAssignment,
  createPriceList,
  deletePriceList,
  getPriceList,
  listPriceLists,
  removeAssignment,
  removeItem,
  setItem,
  updatePriceList,
} from './service.ts';

const ItemParams = IdParams.extend({ productId: z.string().max(100) });
const AssignmentParams = IdParams.extend({ assignmentId: z.string().max(100) });
const PartParams = IdParams.extend({ part: z.string().max(100) });
const tags = ['price lists'];
const WHAT: [string, string][] = [
  ['/api/customer-groups', 'Customer group'],
  ['/api/companies', 'Company'],
  ['/api/products', 'Product'],
  ['/api/price-lists', 'Price list'],
];

/**
 * The shop admin's price lists, customer groups and who may see a part (decisions 0216, 0217);
 * registered inside the admin area, whose one onRequest hook is the guard.
 */
export const priceListAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid((url) => WHAT.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'Price list'),
  );
  acceptCsvUploads(app, LIMITS.productImportBytesMax, priceListImportTooLarge);
  const actor = currentUser;

  app.get(
    '/price-lists',
    {
      schema: {
        tags,
        summary: 'Price lists by name, with how many parts they price and whom they are given to (admin)',
        response: okResponses(z.array(PriceListSummarySchema)),
      },
    },
    async () => listPriceLists(app.db),
  );
  app.post(
    '/price-lists',
    {
      schema: {
        tags,
        summary:
          'Creates a price list (admin): name, validity (YYYY-MM-DD, either open), percentOff (0 to 100, two decimals) for all parts or only those listed',
        body: PriceListBodySchema,
        response: createdResponses(PriceListDetailSchema),
      },
    },
    async (request, reply) => created(reply, createPriceList(app, actor(request), request.body)),
  );
  app.get(
    '/price-lists/:id',
    {
      schema: {
        tags,
        summary: 'A price list with its parts and assignments (admin)',
        params: IdParams,
        response: okResponses(PriceListDetailSchema),
      },
    },
    async (request) => getPriceList(app.db, request.params.id),
  );
  app.put(
    '/price-lists/:id',
    {
      schema: {
        tags,
        summary: "Replaces a price list's terms (admin)",
        params: IdParams,
        body: PriceListBodySchema,
        response: okResponses(PriceListDetailSchema),
      },
    },
    async (request) => updatePriceList(app, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/price-lists/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a price list, its parts and assignments (admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, deletePriceList(app, actor(request), request.params.id)),
  );

  app.put(
    '/price-lists/:id/items',
    {
      schema: {
        tags,
        summary:
          "Puts one part on the list, by productId or sku: its price and breaks, or price null for the list's percentage rule (admin)",
        params: IdParams,
        body: PriceListItemBodySchema,
        response: okResponses(PriceListDetailSchema),
      },
    },
    async (request) => setItem(app, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/price-lists/:id/items/:productId',
    {
      schema: {
        tags,
        summary: 'Takes one part off the list (admin)',
        params: ItemParams,
        response: noContentResponses,
      },
    },
    async (request, reply) =>
      noContent(reply, removeItem(app, actor(request), request.params.id, request.params.productId)),
  );

  app.get(
    '/price-lists/:id/items.csv',
    {
      schema: {
        tags,
        summary:
          "The list's parts as CSV (admin): part number, name, price (empty: the percentage rule applies), price breaks ('10:4.50;50:4.00')",
        params: IdParams,
        response: okResponses(z.any().describe('text/csv')),
      },
    },
    async (request, reply) => {
      const list = await getPriceList(app.db, request.params.id);
      const items = await createPriceListsRepository(app.db).items(list.id);
      const name = list.name.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase();
      return sendCsv(reply, `price-list-${name}.csv`, priceListCsvStream(items));
    },
  );
  app.post(
    '/price-lists/:id/import',
    {
      bodyLimit: LIMITS.productImportBytesMax,
      schema: {
        tags,
        summary:
          "Imports the list's parts from a CSV sent as the body (Content-Type: text/csv; admin), the export's columns. ?dryRun=true reports what each row would do, writing nothing; a real run writes every row or none (400 with the report)",
        params: IdParams,
        querystring: ProductImportQuerySchema,
        response: {
          200: PriceListImportReportSchema,
          ...errorResponses,
          400: z.union([PriceListImportRefusedSchema, ApiErrorSchema]),
        },
      },
    },
    async (request) =>
      importPriceListItems(
        app,
        actor(request),
        request.params.id,
        uploadedCsv(request.body),
        request.query.dryRun ?? false,
      ),
  );

  app.post(
    '/price-lists/:id/assignments',
    {
      schema: {
        tags,
        summary: 'Gives the list to a company or a customer group, with a priority: higher wins (admin)',
        params: IdParams,
        body: AssignmentBodySchema,
        response: createdResponses(PriceListDetailSchema),
      },
    },
    async (request, reply) =>
      created(reply, addAssignment(app, actor(request), request.params.id, request.body)),
  );
  app.patch(
    '/price-lists/:id/assignments/:assignmentId',
    {
      schema: {
        tags,
        summary: "Changes an assignment's priority (admin)",
        params: AssignmentParams,
        body: AssignmentPatchSchema,
        response: okResponses(PriceListDetailSchema),
      },
    },
    async (request) =>
      changeAssignment(
        app,
        actor(request),
        request.params.id,
        request.params.assignmentId,
        request.body.priority,
      ),
  );
  app.delete(
    '/price-lists/:id/assignments/:assignmentId',
    {
      schema: {
        tags,
        summary: 'Takes the list back from a company or group (admin)',
        params: AssignmentParams,
        response: noContentResponses,
      },
    },
    async (request, reply) =>
      noContent(reply, removeAssignment(app, actor(request), request.params.id, request.params.assignmentId)),
  );

  app.get(
    '/customer-groups',
    {
      schema: {
        tags,
        summary: 'Customer groups with their companies (admin)',
        response: okResponses(z.array(CustomerGroupSchema)),
      },
    },
    async () => listGroups(app.db),
  );
  app.post(
    '/customer-groups',
    {
      schema: {
        tags,
        summary: 'Creates a customer group (admin)',
        body: CustomerGroupBodySchema,
        response: createdResponses(CustomerGroupSchema),
      },
    },
    async (request, reply) => created(reply, createGroup(app, actor(request), request.body.name)),
  );
  app.patch(
    '/customer-groups/:id',
    {
      schema: {
        tags,
        summary: 'Renames a customer group (admin)',
        params: IdParams,
        body: CustomerGroupBodySchema,
        response: okResponses(CustomerGroupSchema),
      },
    },
    async (request) => renameGroup(app, actor(request), request.params.id, request.body.name),
  );
  app.delete(
    '/customer-groups/:id',
    {
      schema: {
        tags,
        summary:
          "Deletes a customer group: its companies leave it; its lists' assignments and access rows go (admin)",
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, deleteGroup(app, actor(request), request.params.id)),
  );

  app.get(
    '/companies/:id/pricing',
    {
      schema: {
        tags,
        summary: "A company's customer group and the price lists it holds, directly or through it (admin)",
        params: IdParams,
        response: okResponses(CompanyPricingSchema),
      },
    },
    async (request) => companyPricing(app.db, request.params.id),
  );
  app.put(
    '/companies/:id/group',
    {
      schema: {
        tags,
        summary: 'Puts a company in a customer group, or (groupId null) out of its group (admin)',
        params: IdParams,
        body: CompanyGroupBodySchema,
        response: okResponses(CompanyPricingSchema),
      },
    },
    async (request) => setCompanyGroup(app, actor(request), request.params.id, request.body.groupId),
  );
  app.get(
    '/companies/:id/prices/:part',
    {
      schema: {
        tags,
        summary:
          'Which price a company pays for a part (id or part number) today and why: list price, its price and breaks, the list that set it, and with ?quantity= the break in force (admin)',
        params: PartParams,
        querystring: PriceExplainQuerySchema,
        response: okResponses(PriceExplanationSchema),
      },
    },
    async (request) => explainPrice(app.db, request.params.id, request.params.part, request.query.quantity),
  );

  app.get(
    '/products/:id/access',
    {
      schema: {
        tags,
        summary: 'Who may see a part: restricted, and the companies and groups allowed or denied (admin)',
        params: IdParams,
        response: okResponses(ProductAccessSchema),
      },
    },
    async (request) => getAccess(app.db, request.params.id),
  );
  app.put(
    '/products/:id/access',
    {
      schema: {
        tags,
        summary:
          'Replaces who may see a part (admin): restricted parts are seen only by those allowed; denied companies and groups never see it',
        params: IdParams,
        body: ProductAccessBodySchema,
        response: okResponses(ProductAccessSchema),
      },
    },
    async (request) => setAccess(app, actor(request), request.params.id, request.body),
  );
};
