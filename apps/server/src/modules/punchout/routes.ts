import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PunchoutDocumentSchema,
  PunchoutSessionSchema,
  PunchoutSettingsBodySchema,
  PunchoutSettingsSchema,
} from '@forgeline/shared/schemas/punchout';
import { forbidden, notFound, statusOf, toApiError } from '../../lib/errors.ts';
import { IdParams, okResponses } from '../../lib/route-schemas.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { currentUser, trustedOrigins } from '../../plugins/app/auth.ts';
import { cxmlResponse } from './cxml.ts';
import { readOciEntry } from './oci.ts';
import {
  getSettings,
  linkSignIn,
  listDocuments,
  openVisit,
  receiveCxml,
  saveSettings,
  startOciSession,
  takeStartToken,
  transferCart,
  type Transfer,
} from './service.ts';
import { XML_BODY_LIMIT } from './xml.ts';

const tags = ['punchout'];
/** Where a punchout buyer lands: the catalogue, at their company's prices. */
const LANDING = '/search';
const FORM_BODY_LIMIT = 64 * 1024;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own (the SPA is not loaded): a refusal a person reads, or the transfer's form. */
function page(reply: FastifyReply, status: number, title: string, body: string, csp: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem">${body}</body></html>`,
    );
}

const PLAIN_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The page that posts the cart back to the procurement system, at once, itself. */
function transferPage(reply: FastifyReply, transfer: Transfer) {
  const nonce = randomBytes(16).toString('base64');
  const inputs = transfer.fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const origin = new URL(transfer.action).origin;
  return page(
    reply,
    200,
    'Returning to your procurement system',
    `<p>Returning your cart to your procurement system…</p><form id="transfer" method="post" action="${escapeHtml(transfer.action)}">${inputs}<button type="submit">Continue</button></form><script nonce="${nonce}">document.getElementById('transfer').submit();</script>`,
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${origin}; frame-ancestors 'none'`,
  );
}

/**
 * The punchout doors at /punchout (docs/decisions/0246, 0247): the cXML endpoint of procurement
 * systems, the start URL and the OCI entry that sign a buyer in, and the transfer back. Encapsulated:
 * XML and form bodies are read here only, and refusals answer as cXML or as a page, not as JSON.
 */
export const punchoutEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  // Read as text, at most 1 MB: a longer Content-Length is refused (413) before a byte of it is read.
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: XML_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.setErrorHandler((caught, request, reply) => {
    const error = caught as Error;
    const status = statusOf(error);
    const { message } = toApiError(error);
    if (status >= 500) request.log.error({ err: error }, 'punchout request failed');
    else request.log.info({ status }, message);
    const shown = status >= 500 ? 'Something went wrong on our side. Please try again.' : message;
    if (request.routeOptions.url === '/punchout/cxml') {
      const text = status === 401 ? 'Unauthorized' : status === 413 ? 'Request Entity Too Large' : 'Error';
      return reply
        .code(status)
        .header('content-type', 'text/xml; charset=utf-8')
        .send(cxmlResponse(new URL(app.config.publicUrl).host, status, text, shown));
    }
    return page(
      reply,
      status,
      'Punchout',
      `<h1>Punchout</h1><p>${escapeHtml(shown)}</p><p><a href="/">Forgeline</a></p>`,
      PLAIN_CSP,
    );
  });

  app.post('/punchout/cxml', { schema: { hide: true } }, async (request, reply) => {
    if (typeof request.body !== 'string')
      throw Object.assign(new Error('Send a cXML document as text/xml.'), { statusCode: 415 });
    const answer = await receiveCxml(app, request.body);
    reply.code(answer.status).header('content-type', 'text/xml; charset=utf-8').send(answer.xml);
    await answer.afterCommit?.();
    return reply;
  });

  app.get(
    '/punchout/start/:token',
    { schema: { hide: true, params: z.object({ token: z.string().max(100) }) } },
    async (request, reply) => {
      const { session, buyer } = await takeStartToken(app, request.params.token);
      await linkSignIn(app, session.id, await app.signInAs(reply, buyer.id));
      return reply.code(303).header('cache-control', 'no-store').redirect(LANDING, 303);
    },
  );

  const ociEntry = async (request: FastifyRequest, reply: FastifyReply, params: Record<string, unknown>) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const { session, buyer } = await startOciSession(app, readOciEntry(params), query);
    await linkSignIn(app, session.id, await app.signInAs(reply, buyer.id));
    return reply.header('cache-control', 'no-store').redirect(LANDING, 303);
  };
  // The procurement system's page opens it in the buyer's browser: a form post from another site.
  app.get('/punchout/oci', { schema: { hide: true } }, (request, reply) =>
    ociEntry(request, reply, request.query as Record<string, unknown>),
  );
  app.post('/punchout/oci', { schema: { hide: true }, config: { crossSiteEntry: true } }, (request, reply) =>
    ociEntry(request, reply, { ...(request.query as object), ...(request.body as object) }),
  );

  // The cart page's 'Transfer cart to procurement' button posts here (our own page, our cookie). Our
  // Referrer-Policy (no-referrer) makes a browser send `Origin: null` with a form post, so the general
  // cross-site rule cannot judge it: the browser's own Sec-Fetch-Site does (or, without one, the Origin).
  const origins = new Set(trustedOrigins(app.config));
  const fromOurPage = async (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    const ours = site ? site === 'same-origin' : origins.has(request.headers.origin ?? '');
    if (!ours) throw forbidden('This request must come from the Forgeline site itself.');
  };
  app.post(
    '/punchout/transfer',
    { schema: { hide: true }, config: { crossSiteEntry: true }, onRequest: [fromOurPage, app.requireUser] },
    async (request, reply) => transferPage(reply, await transferCart(app, currentUser(request))),
  );
};

/** GET /api/punchout/session: whether the signed-in person's session is a punchout visit. */
export const punchoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/punchout/session',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether this session is a punchout visit (the cart transfers instead of checking out)',
        response: okResponses(PunchoutSessionSchema),
      },
    },
    async (request) => {
      const visit = await openVisit(app, currentUser(request).sessionId);
      return { active: visit !== undefined, protocol: visit?.protocol ?? null };
    },
  );
};

/** A company's punchout settings and documents (shop admin; inside the admin area and its guard). */
export const punchoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid(() => 'Company'),
  );
  app.get(
    '/companies/:id/punchout',
    {
      schema: {
        tags,
        summary: "A company's punchout settings (admin); never a secret, only whether one is set",
        params: IdParams,
        response: okResponses(PunchoutSettingsSchema),
      },
    },
    async (request) => {
      const settings = await getSettings(app, request.params.id);
      if (!settings) throw notFound('Punchout settings');
      return settings;
    },
  );
  app.put(
    '/companies/:id/punchout',
    {
      schema: {
        tags,
        summary:
          "Sets a company's punchout credentials and the member its buyers act as (admin); secrets left out are kept",
        params: IdParams,
        body: PunchoutSettingsBodySchema,
        response: okResponses(PunchoutSettingsSchema),
      },
    },
    async (request) => saveSettings(app, currentUser(request), request.params.id, request.body),
  );
  app.get(
    '/companies/:id/punchout/documents',
    {
      schema: {
        tags,
        summary: "The company's punchout documents in and out, newest first (admin); secrets blanked",
        params: IdParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: okResponses(z.array(PunchoutDocumentSchema)),
      },
    },
    async (request) => listDocuments(app, request.params.id, request.query.limit),
  );
};
