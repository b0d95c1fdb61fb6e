import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { snapshot } from './support/data.ts';
import { listen, rawRequest } from './support/raw-http.ts';

/**
 * A page on another site can make the browser send our session cookie with a form or fetch POST. No
 * state may change that way: not through our own routes, and not through the identity library's
 * endpoints under /api/auth, which used to trust any Origin (a foreign page renamed the user).
 */
let t: TestApp;
let port: number;
let victim: TestUser;
const EVIL = 'https://evil.example';

beforeAll(async () => {
  t = await buildTestApp();
  victim = await createUser(t.app, { name: 'Victim Name' });
  port = await listen(t.app);
}, 60_000);
afterAll(() => t.close());

const stateChanges: { path: string; body: Record<string, unknown> }[] = [
  { path: '/api/auth/update-user', body: { name: 'Renamed By Evil' } },
  {
    path: '/api/auth/change-password',
    body: { currentPassword: 'correct-horse-9', newPassword: 'evil-pass-99' },
  },
  { path: '/api/auth/change-email', body: { newEmail: 'evil@evil.example' } },
  { path: '/api/auth/delete-user', body: {} },
  { path: '/api/auth/revoke-sessions', body: {} },
  { path: '/api/auth/sign-out', body: {} },
  { path: '/api/auth/sign-in/email', body: { email: 'attacker@evil.example', password: 'whatever-1' } },
];

describe('requests from another site with the session cookie', () => {
  for (const { path, body } of stateChanges) {
    it(`POST ${path} with a foreign Origin is refused and changes nothing`, async () => {
      const before = await snapshot(t.app);
      const sessionsBefore = await t.app.db.select().from(sessions).where(eq(sessions.userId, victim.id));
      const foreign: Record<string, string>[] = [
        { origin: EVIL },
        { referer: `${EVIL}/page` },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        const res = await rawRequest(port, {
          method: 'POST',
          path,
          headers: { cookie: victim.cookie, ...headers },
          body,
        });
        expect(res.status, `${path} ${JSON.stringify(headers)} → ${res.body}`).toBe(403);
        expect(res.json<{ message: string }>().message).toMatch(/must come from the Forgeline site/);
      }
      expect(await snapshot(t.app)).toEqual(before);
      const [user] = await t.app.db.select().from(users).where(eq(users.id, victim.id));
      expect(user?.name).toBe('Victim Name');
      expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toEqual(
        sessionsBefore,
      );
    });
  }

  it('a form post without Origin or Referer but with the cookie is refused too', async () => {
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/api/auth/update-user',
      headers: { cookie: victim.cookie },
      body: { name: 'Renamed Without Origin' },
    });
    expect(res.status).toBe(403);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, victim.id));
    expect(user?.name).toBe('Victim Name');
  });

  it('the same request from our own site works', async () => {
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/api/auth/update-user',
      headers: { cookie: victim.cookie, origin: t.app.config.publicUrl },
      body: { name: 'Victim Renamed' },
    });
    expect(res.status, res.body).toBe(200);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, victim.id));
    expect(user?.name).toBe('Victim Renamed');
  });

  it('a client without cookies (a script, a mobile app) may still sign in without an Origin', async () => {
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      body: { email: victim.email, password: victim.password },
    });
    expect(res.status, res.body).toBe(200);
  });
});
