import { toDollars } from '@forgeline/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@forgeline/shared/constants';
import {
  AttachMemberBodySchema,
  CompanyApplicationSchema,
  CompanyBodySchema,
  CompanyDetailSchema,
  CompanyMemberPatchSchema,
  CompanyMemberSchema,
  CompanyPatchSchema,
  CompanySchema,
  CompanySummarySchema,
} from '@forgeline/shared/schemas/company';
import { PagedSearchFields } from '@forgeline/shared/schemas/paging';
import { PaymentTermsBodySchema } from '@forgeline/shared/schemas/payment-terms';
import { notSingleLine, SINGLE_LINE } from '@forgeline/shared/schemas/common';
import { notFound } from '../../lib/errors.ts';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { setPageHeaders } from '../../lib/page-headers.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { listCompanyInvoices, summarizeDocuments } from '../invoices/index.ts';
import { listCompanyOrders, toOrderDto } from '../orders/index.ts';
import { approveApplication, declineApplication, listApplications } from './applications.ts';
import { toInvitationDto, toRequestDto } from './mappers.ts';
import { createInvitationsRepository } from './invitations-repository.ts';
import { createCompaniesRepository } from './repository.ts';
import { createRequestsRepository } from './requests-repository.ts';
import {
  attachMember,
  changeMember,
  createCompany,
  listAddresses,
  listMembers,
  removeMember,
  updateCompany,
} from './service.ts';
import { setCompanyTerms, toCompany } from './terms.ts';

const MemberParams = IdParams.extend({ userId: z.string().max(100) });
const tags = ['companies'];
const ListQuery = z.object({
  limit: PagedSearchFields.limit,
  page: PagedSearchFields.page,
  search: PagedSearchFields.search,
});

/** The shop admin's side of companies (registered inside the admin area): list, page, terms, members. */
export const companyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid((url) => (url.startsWith('/api/companyApplications') ? 'Application' : 'Company')),
  );
  const shop = (request: Parameters<typeof currentUser>[0]) => ({
    kind: 'shop' as const,
    admin: currentUser(request),
  });

  app.get(
    '/companies',
    {
      schema: {
        tags,
        summary: 'Companies, newest first, searched by name or tax ID; the total in X-Total-Count (admin)',
        querystring: ListQuery,
        response: okResponses(z.array(CompanySummarySchema)),
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.pageSizeDefault;
      const page = request.query.page ?? 1;
      const { rows, total } = await createCompaniesRepository(app.db).page({
        search: request.query.search,
        limit,
        offset: (page - 1) * limit,
      });
      setPageHeaders(reply, { total, capped: false, nextCursor: null });
      return rows.map(({ company, memberCount }) => ({
        id: company.id,
        name: company.name,
        taxId: company.taxId,
        country: company.country,
        memberCount,
        termsDays: company.termsDays,
        creditLimit: toDollars(company.creditLimitCents ?? 0),
        createdAt: company.createdAt.toISOString(),
      }));
    },
  );

  app.post(
    '/companies',
    {
      schema: {
        tags,
        summary: 'Creates a company (admin)',
        body: CompanyBodySchema,
        response: createdResponses(CompanySchema),
      },
    },
    async (request, reply) => created(reply, createCompany(app, currentUser(request), request.body)),
  );

  app.get(
    '/companies/:id',
    {
      schema: {
        tags,
        summary:
          'A company with its members, addresses, invitations, requests, newest orders and invoices, applications (admin)',
        params: IdParams,
        response: okResponses(CompanyDetailSchema),
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await createCompaniesRepository(app.db).find(id);
      if (!row) throw notFound('Company');
      const [company, members, addresses, invitations, requests, orders, invoices, applications] =
        await Promise.all([
          toCompany(app.db, row),
          listMembers(app.db, id),
          listAddresses(app.db, id),
          createInvitationsRepository(app.db).listOpen(id),
          createRequestsRepository(app.db).list(id, { pendingOnly: false, limit: 50 }),
          listCompanyOrders(app, id, 50),
          listCompanyInvoices(app.db, id, 50),
          listApplications(app.db, 'all', id),
        ]);
      return {
        company,
        members,
        addresses,
        invitations: invitations.map((invitation) => toInvitationDto(invitation)),
        requests: requests.map(toRequestDto),
        orders: orders.map(toOrderDto),
        invoices: await summarizeDocuments(app.db, invoices),
        applications,
      };
    },
  );

  app.patch(
    '/companies/:id',
    {
      schema: {
        tags,
        summary: 'Edits a company (admin)',
        params: IdParams,
        body: CompanyPatchSchema,
        response: okResponses(CompanySchema),
      },
    },
    async (request) => updateCompany(app, shop(request), request.params.id, request.body),
  );

  app.patch(
    '/companies/:id/terms',
    {
      schema: {
        tags,
        summary:
          "Approves, changes or withdraws (terms: null) a company's payment terms and credit limit (admin)",
        params: IdParams,
        body: PaymentTermsBodySchema,
        response: okResponses(CompanySchema),
      },
    },
    async (request) =>
      (await setCompanyTerms(app, currentUser(request), request.params.id, request.body)).company,
  );

  app.post(
    '/companies/:id/members',
    {
      schema: {
        tags,
        summary: 'Attaches an existing customer to the company in a role (admin)',
        params: IdParams,
        body: AttachMemberBodySchema,
        response: createdResponses(CompanyMemberSchema),
      },
    },
    async (request, reply) =>
      created(reply, attachMember(app, currentUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/companies/:id/members/:userId',
    {
      schema: {
        tags,
        summary: "Changes a member's role, limits or reach (admin)",
        params: MemberParams,
        body: CompanyMemberPatchSchema,
        response: okResponses(CompanyMemberSchema),
      },
    },
    async (request) =>
      changeMember(app, shop(request), request.params.id, request.params.userId, request.body),
  );

  app.delete(
    '/companies/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Removes a member (admin; never the last company admin)',
        params: MemberParams,
        response: noContentResponses,
      },
    },
    async (request, reply) =>
      noContent(reply, removeMember(app, shop(request), request.params.id, request.params.userId)),
  );

  app.get(
    '/companyApplications',
    {
      schema: {
        tags,
        summary: 'Applications for business accounts, newest first (admin)',
        querystring: z.object({ status: z.enum(['pending', 'all']).optional().default('pending') }),
        response: okResponses(z.array(CompanyApplicationSchema)),
      },
    },
    async (request) => listApplications(app.db, request.query.status),
  );

  app.post(
    '/companyApplications/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approves an application: the company is made with the applicant as its company admin (admin)',
        params: IdParams,
        response: okResponses(z.object({ application: CompanyApplicationSchema, company: CompanySchema })),
      },
    },
    async (request) => approveApplication(app, currentUser(request), request.params.id),
  );

  app.post(
    '/companyApplications/:id/decline',
    {
      schema: {
        tags,
        summary: 'Declines an application, with a reason the applicant is told (admin)',
        params: IdParams,
        body: z
          .object({
            reason: z
              .string()
              .trim()
              .max(LIMITS.commentMax, `The reason must be ${LIMITS.commentMax} characters or fewer`)
              .regex(SINGLE_LINE, notSingleLine('The reason'))
              .optional(),
          })
          .nullish(),
        response: okResponses(CompanyApplicationSchema),
      },
    },
    async (request) => declineApplication(app, currentUser(request), request.params.id, request.body?.reason),
  );
};
