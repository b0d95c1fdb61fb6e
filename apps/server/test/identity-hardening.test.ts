import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConfiguredAdmin } from '../src/db/seed/accounts.ts';
import { outboxMessages, sessions, users, verifications } from '../src/db/schema/index.ts';
import { createUser, sessionCookie } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { snapshot } from './support/data.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const origin = () => t.app.config.publicUrl;
let address = 0;
/** Each call from its own address: these tests are about identity, not about the rate limits. */
const auth = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: origin(), ...headers },
    remoteAddress: `198.51.100.${++address % 250}`,
    payload,
  });
const signIn = (email: string, password: string) => auth('sign-in/email', { email, password });
const sessionsOf = async (userId: string) =>
  (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const userRow = async (email: string) =>
  (await t.app.db.select().from(users).where(eq(users.email, email)))[0];
const outbox = () => t.app.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt));
const resetLinksOf = async (userId: string) =>
  (await t.app.db.select().from(verifications).where(eq(verifications.value, userId))).filter((v) =>
    v.identifier.startsWith('reset-password:'),
  ).length;

describe('the configured admin is the operator’s (item 2, record 0130)', () => {
  it('an account someone signed up with ADMIN_EMAIL first gets ADMIN_PASSWORD and loses every session', async () => {
    const squatter = await createUser(t.app, { email: 'ops@operator.example', password: 'squatter-pw-1' });
    await signIn(squatter.email, 'squatter-pw-1');
    await auth('request-password-reset', { email: squatter.email, redirectTo: '/resetPass' });
    expect(await sessionsOf(squatter.id)).toBe(2);
    expect(await resetLinksOf(squatter.id)).toBe(1);

    expect(await ensureConfiguredAdmin(t.app.db, t.app.auth, squatter.email, 'operator-pw-2')).toBe(
      'password-set',
    );

    const row = await userRow(squatter.email);
    expect(row?.role).toBe('admin');
    expect(row?.emailVerified).toBe(true);
    expect(await sessionsOf(squatter.id)).toBe(0);
    expect(await resetLinksOf(squatter.id)).toBe(0);
    // The squatter's password, session and access token are all gone; the operator's password works.
    expect((await signIn(squatter.email, 'squatter-pw-1')).statusCode).toBe(401);
    const withToken = await t.app.inject({ method: 'GET', url: '/api/users', headers: squatter.headers });
    expect(withToken.statusCode).toBe(401);
    expect((await signIn(squatter.email, 'operator-pw-2')).statusCode).toBe(200);
  });

  it('a restart with the same password changes nothing and ends no session', async () => {
    const email = 'ops@operator.example';
    const id = (await userRow(email))!.id;
    const before = await sessionsOf(id);
    expect(before).toBeGreaterThan(0);
    expect(await ensureConfiguredAdmin(t.app.db, t.app.auth, email, 'operator-pw-2')).toBe('unchanged');
    expect(await sessionsOf(id)).toBe(before);
  });

  it('a new address is created as a verified admin', async () => {
    expect(
      await ensureConfiguredAdmin(t.app.db, t.app.auth, 'new-ops@operator.example', 'operator-pw-3'),
    ).toBe('created');
    expect(await userRow('new-ops@operator.example')).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await signIn('new-ops@operator.example', 'operator-pw-3')).statusCode).toBe(200);
  });
});

// Keep the helpers referenced while later sections are added.
void sessionCookie;
void snapshot;
void outbox;
