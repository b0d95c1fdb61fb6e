import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CartSchema } from '@forgeline/shared/schemas/cart';
import {
  CompanyAddressBodySchema,
  CompanyAddressSchema,
  CompanyApplicationBodySchema,
  CompanyApplicationSchema,
  CompanyMemberPatchSchema,
  CompanyMemberSchema,
  CompanyPatchSchema,
  CompanySchema,
  InvitationBodySchema,
  InvitationPreviewSchema,
  InvitationSchema,
  MyCompanySchema,
  OrderRequestSchema,
  RequestRejectionBodySchema,
  SavedListBodySchema,
  SavedListSchema,
} from '@forgeline/shared/schemas/company';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { applyForCompany } from './applications.ts';
import {
  acceptInvitation,
  invite,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
import { closeRequest, listRequests } from './requests.ts';
import { addListToCart, deleteList, listSavedLists, saveList } from './saved-lists.ts';
import {
  changeMember,
  type CompanyActor,
  deleteAddress,
  getMyCompany,
  listAddresses,
  listMembers,
  removeMember,
  requireMembership,
  saveAddress,
  updateCompany,
} from './service.ts';

const UserParams = z.object({ userId: z.string().max(100) });
const TokenParams = z.object({ token: z.string().min(10).max(200) });
const StatusQuery = z.object({ status: z.enum(['pending', 'all']).optional().default('all') });
const tags = ['companies'];

/** The company pages of its members (docs/decisions/0213): what each may do is their role's. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid((url) =>
      url.includes('/addresses/')
        ? 'Address'
        : url.includes('/invitations/')
          ? 'Invitation'
          : url.includes('/requests/')
            ? 'Order request'
            : 'List',
    ),
  );
  /** The signed-in person's membership, or 404 (someone without a company has no company pages). */
  const memberOf = (request: Parameters<typeof currentUser>[0]) =>
    requireMembership(app.db, currentUser(request).id);
  /** The member acting on their own company, as the services the shop admin also calls take them. */
  const asMember = async (
    request: Parameters<typeof currentUser>[0],
  ): Promise<{ actor: CompanyActor; companyId: string }> => {
    const member = await memberOf(request);
    return { actor: { kind: 'member', member }, companyId: member.companyId };
  };

  app.get(
    '/company',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Your company, your role and limits; or, without one, your application for a business account',
        response: okResponses(MyCompanySchema),
      },
    },
    async (request) => getMyCompany(app.db, currentUser(request).id),
  );

  app.patch(
    '/company',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Edits the company (company admin)',
        body: CompanyPatchSchema,
        response: okResponses(CompanySchema),
      },
    },
    async (request) => {
      const { actor, companyId } = await asMember(request);
      return updateCompany(app, actor, companyId, request.body);
    },
  );

  app.get(
    '/company/members',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The members of your company',
        response: okResponses(z.array(CompanyMemberSchema)),
      },
    },
    async (request) => listMembers(app.db, (await memberOf(request)).companyId),
  );

  app.patch(
    '/company/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Changes a member's role, spending limits (dollars, null for none) or reach (company admin)",
        params: UserParams,
        body: CompanyMemberPatchSchema,
        response: okResponses(CompanyMemberSchema),
      },
    },
    async (request) => {
      const { actor, companyId } = await asMember(request);
      return changeMember(app, actor, companyId, request.params.userId, request.body);
    },
  );

  app.delete(
    '/company/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Removes a member (company admin), or leaves the company (yourself); never the last company admin',
        params: UserParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => {
      const { actor, companyId } = await asMember(request);
      return noContent(reply, removeMember(app, actor, companyId, request.params.userId));
    },
  );

  app.get(
    '/company/invitations',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Open invitations (company admin)',
        response: okResponses(z.array(InvitationSchema)),
      },
    },
    async (request) => listInvitations(app.db, await memberOf(request)),
  );

  app.post(
    '/company/invitations',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Invites a person by e-mail in a role: a single-use link valid 7 days (company admin)',
        body: InvitationBodySchema,
        response: createdResponses(InvitationSchema),
      },
    },
    async (request, reply) =>
      created(reply, invite(app, await memberOf(request), currentUser(request), request.body)),
  );

  app.post(
    '/company/invitations/:id/resend',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Sends a new link (the old one stops working) (company admin)',
        params: IdParams,
        response: okResponses(InvitationSchema),
      },
    },
    async (request) =>
      resendInvitation(app, await memberOf(request), currentUser(request), request.params.id),
  );

  app.delete(
    '/company/invitations/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Revokes an invitation (company admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) =>
      noContent(reply, revokeInvitation(app.db, await memberOf(request), request.params.id)),
  );

  app.get(
    '/companyInvitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers (404 used or revoked, 410 expired)',
        params: TokenParams,
        response: okResponses(InvitationPreviewSchema),
      },
    },
    async (request) => previewInvitation(app.db, request.params.token),
  );

  app.post(
    '/companyInvitations/:token/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Joins the company with the link (once; the account must have the invited address)',
        params: TokenParams,
        response: okResponses(MyCompanySchema),
      },
    },
    async (request) => acceptInvitation(app.db, currentUser(request), request.params.token),
  );

  app.get(
    '/company/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Your company's delivery sites",
        response: okResponses(z.array(CompanyAddressSchema)),
      },
    },
    async (request) => listAddresses(app.db, (await memberOf(request)).companyId),
  );

  app.post(
    '/company/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Adds a delivery site (company admin)',
        body: CompanyAddressBodySchema,
        response: createdResponses(CompanyAddressSchema),
      },
    },
    async (request, reply) => {
      const { actor, companyId } = await asMember(request);
      return created(reply, saveAddress(app, actor, companyId, request.body));
    },
  );

  app.put(
    '/company/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Replaces a delivery site; orders keep their copy (company admin)',
        params: IdParams,
        body: CompanyAddressBodySchema,
        response: okResponses(CompanyAddressSchema),
      },
    },
    async (request) => {
      const { actor, companyId } = await asMember(request);
      return saveAddress(app, actor, companyId, request.body, request.params.id);
    },
  );

  app.delete(
    '/company/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Deletes a delivery site (company admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => {
      const { actor, companyId } = await asMember(request);
      return noContent(reply, deleteAddress(app, actor, companyId, request.params.id));
    },
  );

  app.get(
    '/company/requests',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Order requests: the company's for approvers and company admins, your own for others; newest first",
        querystring: StatusQuery,
        response: okResponses(z.array(OrderRequestSchema)),
      },
    },
    async (request) => listRequests(app.db, await memberOf(request), request.query.status),
  );

  app.post(
    '/company/requests/:id/reject',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Rejects an order request with a comment (approver or company admin; never your own)',
        params: IdParams,
        body: RequestRejectionBodySchema,
        response: okResponses(OrderRequestSchema),
      },
    },
    async (request) =>
      closeRequest(app, await memberOf(request), request.params.id, {
        status: 'rejected',
        by: currentUser(request),
        comment: request.body.comment,
      }),
  );

  app.post(
    '/company/requests/:id/withdraw',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Withdraws your own pending order request',
        params: IdParams,
        response: okResponses(OrderRequestSchema),
      },
    },
    async (request) =>
      closeRequest(app, await memberOf(request), request.params.id, {
        status: 'withdrawn',
        by: currentUser(request),
      }),
  );

  app.get(
    '/company/lists',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Your company's saved part lists",
        response: okResponses(z.array(SavedListSchema)),
      },
    },
    async (request) => listSavedLists(app.db, await memberOf(request)),
  );

  app.post(
    '/company/lists',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Saves a named part list for the company',
        body: SavedListBodySchema,
        response: createdResponses(SavedListSchema),
      },
    },
    async (request, reply) =>
      created(reply, saveList(app.db, await memberOf(request), currentUser(request), request.body)),
  );

  app.put(
    '/company/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Renames a list and replaces its lines',
        params: IdParams,
        body: SavedListBodySchema,
        response: okResponses(SavedListSchema),
      },
    },
    async (request) =>
      saveList(app.db, await memberOf(request), currentUser(request), request.body, request.params.id),
  );

  app.delete(
    '/company/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Deletes a list',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) =>
      noContent(reply, deleteList(app.db, await memberOf(request), request.params.id)),
  );

  app.post(
    '/company/lists/:id/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Adds every line of the list to your cart through the quick-order rules; answers the cart with what was skipped',
        params: IdParams,
        response: okResponses(CartSchema),
      },
    },
    async (request) => addListToCart(app, await memberOf(request), request.params.id),
  );

  app.post(
    '/companyApplications',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Applies for a business account (one waits at a time; the shop decides)',
        body: CompanyApplicationBodySchema,
        response: createdResponses(CompanyApplicationSchema),
      },
    },
    async (request, reply) => created(reply, applyForCompany(app, currentUser(request), request.body)),
  );
};
