import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenResponseSchema,
  UserInfoBodySchema,
  UserInfoResponseSchema,
  UserSummarySchema,
} from '@forgeline/shared/schemas/user';
import { UserSearchQuerySchema } from '@forgeline/shared/schemas/user-search';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { pageRows } from '../../lib/page-headers.ts';
import { ACCESS_TOKEN_TTL_S, currentUser } from '../../plugins/app/auth.ts';
import {
  deleteUser,
  ensureAccount,
  getUserInfo,
  isAdmin,
  listUsers,
  listUsersPage,
  makeAdmin,
  updateUserInfo,
} from './service.ts';

const EmailParams = z.object({ email: z.string().max(254) });
const EmailQuery = z.object({ email: z.string().max(254) });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'After sign-in: makes sure the user record exists and issues a 1-hour access token',
        params: EmailParams,
        body: z.object({ email: z.string().max(254).optional() }).optional(),
        response: okResponses(AccessTokenResponseSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const emails = [
        request.params.email,
        ...(request.body?.email === undefined ? [] : [request.body.email]),
      ];
      const created = await ensureAccount(app, user, emails);
      return {
        result: {
          acknowledged: true,
          matchedCount: created ? 0 : 1,
          modifiedCount: 0,
          upsertedCount: created ? 1 : 0,
        },
        token: await app.accessTokens.issue(user, user.sessionId),
        expiresIn: ACCESS_TOKEN_TTL_S,
      };
    },
  );

  app.get(
    '/admin/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Whether the email belongs to an admin (your own, or any for an admin)',
        params: EmailParams,
        response: okResponses(z.object({ admin: z.boolean() })),
      },
    },
    async (request) => ({ admin: await isAdmin(app, currentUser(request), request.params.email) }),
  );

  app.get(
    '/userInfo',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Your role and profile',
        querystring: EmailQuery,
        response: okResponses(UserInfoResponseSchema),
      },
    },
    async (request) => getUserInfo(app, currentUser(request), request.query.email),
  );

  app.put(
    '/userInfo',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Updates your profile; modifiedCount is 0 when nothing changed',
        querystring: EmailQuery,
        body: UserInfoBodySchema,
        response: okResponses(z.object({ modifiedCount: z.number() })),
      },
    },
    async (request) => ({
      modifiedCount: await updateUserInfo(app, currentUser(request), request.query.email, request.body),
    }),
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Every user, oldest first (admin). With `limit`: one page newest first, searched by e-mail or name, the total in X-Total-Count and the next page in X-Next-Cursor',
        querystring: UserSearchQuerySchema,
        response: okResponses(z.array(UserSummarySchema)),
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      if (limit === undefined) {
        const list = await listUsers(app);
        reply.header('x-total-count', list.length);
        return list;
      }
      return pageRows(reply, await listUsersPage(app, { ...request.query, limit }));
    },
  );

  app.delete(
    '/user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Deletes a user and ends all their sessions (admin; never yourself or the last admin)',
        params: IdParams,
        response: okResponses(z.object({ deletedCount: z.number() })),
      },
    },
    async (request) => ({
      deletedCount: await deleteUser(app, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/user/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Makes a user an admin (admin)',
        params: EmailParams,
        response: okResponses(z.object({ modifiedCount: z.number() })),
      },
    },
    async (request) => ({
      modifiedCount: await makeAdmin(app, currentUser(request), request.params.email),
    }),
  );
};
