import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenResponseSchema,
  UserSearchQuerySchema,
  UserInfoBodySchema,
  UserInfoResponseSchema,
  UserSummarySchema,
} from '@forgeline/shared';
import { forbidden, errorResponses } from '../../lib/errors.ts';
import { ACCESS_TOKEN_TTL_S, currentUser, type AuthUser } from '../../plugins/app/auth.ts';
import { createUsersRepository } from './repository.ts';
import { deleteUser, makeAdmin } from './service.ts';

const EmailParams = z.object({ email: z.string().max(254) });
const EmailQuery = z.object({ email: z.string().max(254) });

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Only the owner of an email may act on it (admins may read, where the route says so). */
function assertOwnEmail(user: AuthUser, email: string, options: { adminMayRead?: boolean } = {}) {
  if (sameEmail(user.email, email)) return;
  if (options.adminMayRead && user.role === 'admin') return;
  throw forbidden('You can only do that for your own account.');
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createUsersRepository(app.db);

  app.put(
    '/user/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'After sign-in: makes sure the user record exists and issues a 1-hour access token',
        params: EmailParams,
        body: z.object({ email: z.string().max(254).optional() }).optional(),
        response: { 200: AccessTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(user, request.params.email);
      if (request.body?.email !== undefined) assertOwnEmail(user, request.body.email);
      const created = await repository.ensureProfile(user.id);
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
        response: { 200: z.object({ admin: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(user, request.params.email, { adminMayRead: true });
      if (sameEmail(user.email, request.params.email)) return { admin: user.role === 'admin' };
      const target = await repository.findByEmail(request.params.email);
      return { admin: target?.role === 'admin' };
    },
  );

  app.get(
    '/userInfo',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Your role and profile',
        querystring: EmailQuery,
        response: { 200: UserInfoResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(user, request.query.email);
      return { role: user.role, userInfo: await repository.profile(user.id) };
    },
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
        response: { 200: z.object({ modifiedCount: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(user, request.query.email);
      return { modifiedCount: await repository.updateProfile(user.id, request.body) };
    },
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createUsersRepository(app.db);
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Every user, oldest first (admin). With `limit`: one page newest first, searched by e-mail or name, the total in X-Total-Count and the next page in X-Next-Cursor',
        querystring: UserSearchQuerySchema,
        response: { 200: z.array(UserSummarySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      if (limit === undefined) {
        const list = await repository.list();
        reply.header('x-total-count', list.length);
        return list;
      }
      const page = await repository.listPage({ ...request.query, limit });
      reply.header('x-total-count', page.total);
      if (page.capped) reply.header('x-total-count-capped', 'true');
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.rows;
    },
  );

  app.delete(
    '/user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Deletes a user and ends all their sessions (admin; never yourself or the last admin)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ deletedCount: z.number() }), ...errorResponses },
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
        response: { 200: z.object({ modifiedCount: z.number() }), ...errorResponses },
      },
    },
    async (request) => ({
      modifiedCount: await makeAdmin(app, currentUser(request), request.params.email),
    }),
  );
};
