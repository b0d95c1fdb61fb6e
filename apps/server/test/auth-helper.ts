import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { users } from '../src/db/schema/index.ts';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  /** The session cookie, as a Cookie header value. */
  cookie: string;
  /** The access token of PUT /api/user/:email. */
  token: string;
  /** Bearer headers: what the SPA sends. */
  headers: { authorization: string };
  /** Cookie headers, with our own Origin as a browser on the site sends it. */
  cookieHeaders: { cookie: string; origin: string };
}

let counter = 0;

/**
 * Signs a new user up through Better Auth itself (not over HTTP, so the sign-up rate limit is not
 * spent), confirms the address unless told not to, optionally makes them an admin, and gets their
 * access token the way the SPA does.
 */
export async function createUser(
  app: App,
  options: { email?: string; name?: string; password?: string; admin?: boolean; verified?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const name = options.name ?? `Test User ${counter}`;
  const password = options.password ?? 'correct-horse-9';
  const response = await app.auth.api.signUpEmail({ body: { email, password, name }, asResponse: true });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  if (options.admin) await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  // A customer who followed the confirmation link, unless the test is about one who has not (0131).
  if (options.verified !== false)
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const cookie = sessionCookie(response.headers.getSetCookie());
  const origin = app.config.publicUrl;
  const tokenResponse = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin },
    payload: { email },
  });
  if (tokenResponse.statusCode !== 200)
    throw new Error(`token failed: ${tokenResponse.statusCode} ${tokenResponse.body}`);
  const token = tokenResponse.json<{ token: string }>().token;
  return {
    id: user.id,
    email,
    name,
    password,
    cookie,
    token,
    headers: { authorization: `Bearer ${token}` },
    cookieHeaders: { cookie, origin },
  };
}

/** The Cookie header value for the session cookie among Set-Cookie headers. */
export function sessionCookie(setCookies: string[] | string | undefined): string {
  const list = Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : [];
  const cookie = list.find((c) => c.startsWith('forgeline.session_token='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(list)}`);
  return cookie.split(';')[0]!;
}

/** A wrong-password sign-in handed to Better Auth directly (past our Fastify limit), from `address`. */
export async function signInPastOurLimit(app: App, address: string, guess: string): Promise<number> {
  const res = await app.auth.handler(
    new Request(`${app.config.publicUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.publicUrl,
        'x-forgeline-client-ip': address,
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: guess }),
    }),
  );
  return res.status;
}

/** The browser's first step of "Sign in with Google": our page asks Better Auth where to send it. */
export const startGoogleSignIn = (app: App, callbackURL: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: app.config.publicUrl },
    payload: { provider: 'google', callbackURL },
  });
