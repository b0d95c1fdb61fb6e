import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { LIMITS } from '@forgeline/shared/constants';
import { API_KEY_PREFIX, type ApiScope } from '@forgeline/shared/api-keys';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import { DomainError, forbidden, unauthorized, unavailable } from '../../lib/errors.ts';
import { noteKeyUse, usableKey } from '../../modules/api-keys/lookup.ts';
import { findSessionUser, markEmailVerified, voidResetLinks } from '../../modules/auth/repository.ts';
import { confirmMail, resetMail, sendAfterAnswer } from '../../modules/auth/mail.ts';
import { identityHooks, userDatabaseHooks } from '../../modules/auth/identity-rules.ts';
import { AUTH_DEFAULT_RATE_LIMIT, betterAuthRateLimitRules } from '../../modules/auth/rate-limits.ts';
import type { BetterAuthRateLimitStorage } from '../external/rate-limit.ts';
import type { Mailer } from './mail.ts';

/** Better Auth's user of a cookie session (the fields the web app reads) and who that is here. */
export type CookieSession = {
  user: {
    id: string;
    name: string;
    email: string;
    image: string | null;
    role: string | null;
    emailVerified: boolean;
  };
  caller: AuthUser;
};

/** Who is calling, as far as the server is concerned. Role is read from the database at each request. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: 'admin' | null;
  sessionId: string;
}

export const ACCESS_TOKEN_TTL_S = 3600;
/** The bridge sets this header to the client's address as Fastify sees it (TRUST_PROXY decides). */
export const CLIENT_IP_HEADER = 'x-forgeline-client-ip';
const RESET_LINK_TTL_S = 3600;
const CONFIRM_LINK_TTL_S = 3 * 24 * 3600;

export type Auth = ReturnType<typeof createAuth>;

/** Origins the browser may call from: the public URL, and outside production the loopback forms of it. */
export function trustedOrigins(env: Env): string[] {
  const origins = new Set([env.publicUrl]);
  if (env.NODE_ENV !== 'production') {
    origins.add(`http://localhost:${env.PORT}`);
    origins.add(`http://127.0.0.1:${env.PORT}`);
  }
  // `npm run dev`: the SPA is served by Vite on :5173 and proxies /api here.
  if (env.NODE_ENV === 'development') origins.add('http://localhost:5173');
  return [...origins];
}

/** AUTH_SECRET, or one generated into DATA_DIR on the first start and kept there. */
export function loadAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

type LogFn = (obj: object, msg: string) => void;

export function createAuth(options: {
  db: Database;
  env: Env;
  secret: string;
  mailer: Mailer;
  rateLimitStore: BetterAuthRateLimitStorage;
  log: { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn };
}) {
  const { env, mailer } = options;
  const auth = betterAuth({
    appName: 'Forgeline',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: LIMITS.passwordMax,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_S,
      revokeSessionsOnPasswordReset: true,
      // The link that worked proves the address (0131); every other link still out for it is void.
      async onPasswordReset({ user }) {
        await voidResetLinks(options.db, user.id);
        await markEmailVerified(options.db, user.id);
      },
      async sendResetPassword({ user, url }) {
        await sendAfterAnswer(mailer, options.db, resetMail(user.email, url));
      },
    },
    // Sign-up signs in at once (docs/product.md §4) and mails a confirmation link; until it is followed the
    // address gets no other mail from us (0131).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRM_LINK_TTL_S,
      async sendVerificationEmail({ user, url }) {
        await sendAfterAnswer(mailer, options.db, confirmMail(user.email, url, env.publicUrl));
      },
      // Only the browser that signed up confirms: the owner of an address a stranger signed up with
      // must not confirm the stranger's account (and its password) by following the link.
      async beforeEmailVerification(user, request) {
        const session = request && (await auth.api.getSession({ headers: request.headers }));
        if (session?.user.id !== user.id)
          throw new APIError('FORBIDDEN', {
            code: 'CONFIRM_WHERE_SIGNED_UP',
            message:
              'Open this link in the browser where you are signed in to Forgeline with this address. If you did not sign up, choose a password at /resetPass instead: the account becomes yours.',
          });
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
        : {},
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // The second wall behind our Fastify limits: the same table, the same store, the canonical path.
    rateLimit: {
      enabled: true,
      window: AUTH_DEFAULT_RATE_LIMIT.windowS,
      max: AUTH_DEFAULT_RATE_LIMIT.max,
      customRules: betterAuthRateLimitRules(),
      customStorage: options.rateLimitStore,
    },
    advanced: {
      cookiePrefix: 'forgeline',
      useSecureCookies: env.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => randomBytes(16).toString('hex') },
      // Never a client's own X-Forwarded-For: the address Fastify decided on, set by the bridge.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: identityHooks(options.db, {
      // Better Auth's own reset request: a token, and our reset mail, sent after the answer.
      mailTakeOverLink: async (email) => {
        await auth.api.requestPasswordReset({ body: { email, redirectTo: '/resetPass' } });
      },
    }),
    databaseHooks: { user: userDatabaseHooks },
    plugins: [
      admin({
        defaultRole: undefined,
        adminRoles: ['admin'],
        // We switch accounts off only for a reason the user should read (the demo accounts, 0130).
        bannedUserMessage: (user) =>
          typeof user.banReason === 'string' ? user.banReason : 'This account is switched off.',
      }),
    ],
    telemetry: { enabled: false },
    // Into our own log, at our own levels (a wrong password is routine: debug, not a warning).
    logger: {
      log(level, message, ...args) {
        // Called as methods: pino's functions need their `this`.
        if (level === 'error') options.log.error({ args }, `better-auth: ${message}`);
        else options.log.debug({ args }, `better-auth: ${message}`);
      },
    },
  });
  return auth;
}

/** Signs and checks the short-lived access tokens of `PUT /user/:email` (bound to one session). */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(`access-token:${secret}`);
  return {
    async issue(user: { id: string; email: string }, sessionId: string): Promise<string> {
      return new SignJWT({ email: user.email, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
        .setIssuer('forgeline')
        .sign(key);
    },
    async verify(token: string): Promise<{ userId: string; sessionId: string } | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'forgeline', algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    accessTokens: ReturnType<typeof createAccessTokens>;
    /**
     * onRequest: 401 unless signed in (session cookie or bearer access token). Sets request.user. It runs
     * before the body is read or validated, so a caller learns nothing of a schema they may not use.
     */
    requireUser: onRequestAsyncHookHandler;
    /** onRequest: 401 unless signed in, 403 unless an admin; the admin area's one guard (app.ts). */
    requireAdmin: onRequestAsyncHookHandler;
    /** Who is calling, or null; for routes open to visitors that behave differently for users. */
    resolveUser(request: FastifyRequest): Promise<AuthUser | null>;
    /**
     * The session of the request's cookie as GET /api/auth/get-session answers it, with who that is;
     * null for a visitor. For the pages the server renders for their viewer.
     */
    cookieSession(request: FastifyRequest): Promise<CookieSession | null>;
    /**
     * Signs `userId` in on this reply with a new session of one day (a browser-session cookie), as
     * sign-in would; answers the session's id. For a punchout visit (docs/decisions/0246), whose buyer
     * proved who they are to their procurement system, which proved itself to us.
     */
    signInAs(reply: FastifyReply, userId: string): Promise<string>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The scopes of which an API key needs one to call this route (docs/decisions/0234). A route without
     * them refuses every key: what a key may do is named, never assumed.
     */
    apiScopes?: readonly ApiScope[];
    /**
     * A route that judges where a post comes from itself, so the cross-site rule skips it: the SAP OCI
     * punchout entry, which another site's page posts to on purpose with credentials of its own, and the
     * punchout transfer, a form post of our page checked by Sec-Fetch-Site (decision 0246).
     */
    crossSiteEntry?: boolean;
  }
}

/** Requests one API key may make a minute, on every instance together (the shared counters). */
export const API_KEY_REQUESTS_PER_MINUTE = 300;

/** The signed-in user of a request that passed requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp<{ auth: Auth; secret: string }>(
  async (app, { auth, secret }) => {
    const tokens = createAccessTokens(secret);
    const origins = new Set(trustedOrigins(app.config));
    app.decorate('auth', auth);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('user', null);

    /** A bearer token counts only while its session lives and its user exists: sign-out and deletion end it. */
    async function fromBearer(token: string): Promise<AuthUser | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const row = await findSessionUser(app.db, claims.sessionId, claims.userId);
      if (!row || row.banned) return null;
      return { ...row, role: row.role === 'admin' ? 'admin' : null, sessionId: claims.sessionId };
    }

    async function cookieSession(request: FastifyRequest): Promise<CookieSession | null> {
      if (!request.headers.cookie?.includes('forgeline.session_token')) return null;
      // Better Auth turns a failed session read (the database away) into its own 500: answer 503.
      const result = await auth.api
        .getSession({ headers: toHeaders(request), query: { disableCookieCache: true } })
        .catch((error: unknown) => {
          throw (error as { statusCode?: number }).statusCode === 500 ? unavailable() : error;
        });
      if (!result) return null;
      const { user, session } = result;
      const role = (user as { role?: string | null }).role ?? null;
      const image = user.image ?? null;
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          image,
          role,
          emailVerified: user.emailVerified,
        },
        caller: {
          id: user.id,
          email: user.email,
          name: user.name,
          image,
          role: role === 'admin' ? 'admin' : null,
          sessionId: session.id,
        },
      };
    }
    app.decorate('cookieSession', cookieSession);

    app.decorate('signInAs', async (reply: FastifyReply, userId: string) => {
      const context = await auth.$context;
      const session = await context.internalAdapter.createSession(userId, true);
      const cookie = context.authCookies.sessionToken;
      // Better Auth's signed cookie: the token, a dot, and its HMAC-SHA256 under the auth secret.
      const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
      const attributes = [
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
        ...(cookie.attributes.secure ? ['Secure'] : []),
      ];
      reply.header(
        'set-cookie',
        `${cookie.name}=${encodeURIComponent(`${session.token}.${signature}`)}; ${attributes.join('; ')}`,
      );
      return session.id;
    });

    const fromCookie = async (request: FastifyRequest) => (await cookieSession(request))?.caller ?? null;

    /**
     * The person an API key acts for, within the route's scopes: a key the route does not name, or one
     * without its scope, is refused (403) before anything else happens; past its rate, 429.
     */
    async function fromApiKey(request: FastifyRequest, secret: string): Promise<AuthUser | null> {
      const key = await usableKey(app.db, secret);
      // A wrong key is said to be wrong, even where a visitor may look: a script must not read public
      // prices believing they are its company's.
      if (!key)
        throw unauthorized(
          'This API key is not valid: it was revoked, or whoever made it may no longer use it.',
        );
      const wanted = request.routeOptions.config.apiScopes ?? [];
      if (wanted.length === 0)
        throw forbidden('An API key cannot be used for this: it is for people signed in to the site.');
      if (!wanted.some((scope) => key.scopes.includes(scope)))
        throw forbidden(`This API key lacks the scope this needs: ${wanted.join(' or ')}.`);
      const { count } = await app.limitCounter.hit(`forgeline-api-key-${key.id}`, 60_000);
      if (count > API_KEY_REQUESTS_PER_MINUTE)
        throw new DomainError(
          'RATE_LIMITED',
          `This API key made more than ${API_KEY_REQUESTS_PER_MINUTE} requests in a minute. Please try again in a minute.`,
        );
      await noteKeyUse(app.db, key.id);
      return {
        ...key.user,
        // A company key acts as a member of its company, never as the shop, whatever its maker may be.
        role: key.companyId === null && key.user.role === 'admin' ? 'admin' : null,
        sessionId: `api-key:${key.id}`,
      };
    }

    // One answer a request: the guards, the write limits and a handler may each ask who calls.
    const callers = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
    async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return fromCookie(request);
      const token = header.slice('Bearer '.length).trim();
      if (!token.startsWith(API_KEY_PREFIX)) return fromBearer(token);
      let caller = callers.get(request);
      if (!caller) callers.set(request, (caller = fromApiKey(request, token)));
      return caller;
    }
    app.decorate('resolveUser', resolveUser);

    // A key is checked on every route before anything else, those open to visitors included: its scope,
    // its rate, and that it is still valid.
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return;
      request.user = await resolveUser(request);
    });

    app.decorate('requireUser', async (request: FastifyRequest, _reply: FastifyReply) => {
      request.user = await resolveUser(request);
      if (!request.user) throw unauthorized();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, _reply: FastifyReply) => {
      request.user = await resolveUser(request);
      if (!request.user) throw unauthorized();
      if (request.user.role !== 'admin') throw forbidden('Only an admin can do that.');
    });

    // Cookies ride along on requests a page of another site makes the browser send. A state change that
    // carries them (or that says where it comes from) must come from our own pages: on every route,
    // the identity library's own endpoints under /api/auth included. Scripts that send neither are
    // not a browser acting for someone else: they prove who they are with a bearer token or a password.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.routeOptions.config.crossSiteEntry) return;
      if (!request.headers.cookie && request.headers.origin === undefined) return;
      const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
      if (!origin || !origins.has(origin))
        throw forbidden('This request must come from the Forgeline site itself.');
    });

    // Who calls is decided before anything looks at the body, on every route: see moveGuardsToOnRequest.
    app.addHook('onRoute', moveGuardsToOnRequest([app.requireUser, app.requireAdmin]));
  },
  { name: 'auth', dependencies: ['db'] },
);

/**
 * An onRoute hook: a guard named in a later hook of a route (preParsing, preValidation, preHandler) is
 * moved to onRequest, so that no route, however it is written, validates a body before it knows who
 * sends it.
 */
export function moveGuardsToOnRequest(guards: unknown[]) {
  return (route: RouteOptions) => {
    for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
      const handlers = [route[hook]].flat().filter((handler) => handler !== undefined);
      const late = handlers.filter((handler) => guards.includes(handler));
      if (late.length === 0) continue;
      route[hook] = handlers.filter((handler) => !guards.includes(handler)) as never;
      route.onRequest = [...[route.onRequest].flat().filter((h) => h !== undefined), ...late] as never;
    }
  };
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
