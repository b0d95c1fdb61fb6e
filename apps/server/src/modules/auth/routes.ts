import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, unavailable } from '../../lib/errors.ts';
import { CLIENT_IP_HEADER, toHeaders } from '../../plugins/app/auth.ts';
import { AUTH_DEFAULT_RATE_LIMIT, AUTH_MAIL_PER_ADDRESS, authRateLimitFor } from './rate-limits.ts';
import { refuseClosedEndpoint } from './service.ts';

const BASE_PATH = '/api/auth';

/**
 * The path under /api/auth exactly as Better Auth will see it: parsed by the same URL parser it uses,
 * so a limit or a block decided here holds for the endpoint it reaches (the canonical-path hook has
 * refused every other spelling already; this keeps the two in step even so).
 */
const authPathOf = (request: FastifyRequest) =>
  new URL(request.url, 'http://forgeline.invalid').pathname.slice(BASE_PATH.length);

/**
 * Better Auth's endpoints under /api/auth, bridged from Fastify to its fetch handler. Its admin plugin's
 * own endpoints are not exposed: role changes and deletions go through /api/user*, where our rules
 * (last admin, no self-deletion) hold.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  /** The budget of the address a mail would go to (AUTH_MAIL_PER_ADDRESS): 429 past it. */
  async function countMailedAddress(request: FastifyRequest, reply: FastifyReply, path: string) {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (request.method !== 'POST' || !AUTH_MAIL_PER_ADDRESS.paths.includes(path) || typeof email !== 'string')
      return;
    const { count, ttlMs } = await app.limitCounter.hit(
      `forgeline-auth-mail-${email.trim().toLowerCase()}`,
      AUTH_MAIL_PER_ADDRESS.windowS * 1000,
    );
    if (count <= AUTH_MAIL_PER_ADDRESS.max) return;
    const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new DomainError(
      'RATE_LIMITED',
      `We have sent enough mail to this address for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  const limitOf = (request: FastifyRequest) =>
    authRateLimitFor(authPathOf(request)) ?? AUTH_DEFAULT_RATE_LIMIT;
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: {
      rateLimit: {
        max: (request) => limitOf(request).max,
        timeWindow: (request) => limitOf(request).windowS * 1000,
        keyGenerator: (request) => {
          const limit = authRateLimitFor(authPathOf(request));
          return `${request.ip}:${limit?.paths[0] ?? 'auth'}`;
        },
      },
    },
    schema: { hide: true },
    async handler(request, reply) {
      const path = authPathOf(request);
      refuseClosedEndpoint(request.method, BASE_PATH, path, app.config);
      await countMailedAddress(request, reply, path);
      const url = new URL(request.url, app.config.publicUrl);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const headers = toHeaders(request);
      if (hasBody) headers.set('content-type', 'application/json');
      headers.delete('content-length');
      headers.set(CLIENT_IP_HEADER, request.ip);
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
