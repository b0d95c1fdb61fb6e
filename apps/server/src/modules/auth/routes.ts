import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { unavailable } from '../../lib/errors.ts';
import { toHeaders } from '../../plugins/app/auth.ts';

/** Requests per window and IP for the routes that guess at or create accounts (DESIGN §4, abuse). */
const LIMITS: { match: RegExp; max: number; windowMs: number }[] = [
  { match: /^\/api\/auth\/sign-in\//, max: 10, windowMs: 60_000 },
  { match: /^\/api\/auth\/sign-up\//, max: 10, windowMs: 10 * 60_000 },
  { match: /^\/api\/auth\/(request-password-reset|forget-password)/, max: 5, windowMs: 15 * 60_000 },
  { match: /^\/api\/auth\/reset-password/, max: 20, windowMs: 15 * 60_000 },
];
const limitFor = (request: FastifyRequest) =>
  LIMITS.find((limit) => limit.match.test(request.url.split('?')[0] ?? ''));

/**
 * Better Auth's endpoints under /api/auth, bridged from Fastify to its fetch handler. Its admin plugin's
 * own endpoints are not exposed: role changes and deletions go through /api/user*, where our rules
 * (last admin, no self-deletion) hold.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: {
      rateLimit: {
        max: (request) => limitFor(request)?.max ?? 300,
        timeWindow: (request) => limitFor(request)?.windowMs ?? 60_000,
        keyGenerator: (request) => `${request.ip}:${limitFor(request)?.match.source ?? 'auth'}`,
      },
    },
    schema: { hide: true },
    async handler(request, reply) {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.startsWith('/api/auth/admin/')) {
        return reply
          .code(404)
          .send({ message: `No such endpoint: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
      }
      if (pathname === '/api/auth/sign-in/social' && !app.config.GOOGLE_CLIENT_ID) {
        return reply.code(400).send({
          message: 'Google sign-in is not set up on this site yet. Please use your email and password.',
          code: 'OPERATION_NOT_ALLOWED',
        });
      }
      const url = new URL(request.url, app.config.publicUrl);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const headers = toHeaders(request);
      if (hasBody) headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const response = await app.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      // Better Auth answers its internal errors (logged above: the database away) with a bare 500.
      if (response.status === 500) throw unavailable();
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      return reply.send(text.length > 0 ? text : null);
    },
  });
};
