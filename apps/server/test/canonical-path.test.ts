import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { isCanonicalPath } from '../src/lib/canonical-path.ts';
import { createUser, signInPastOurLimit, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { snapshot } from './support/data.ts';
import { listen, rawRequest } from './support/raw-http.ts';

/**
 * Over real HTTP, with the request target sent verbatim: any other spelling of a path
 * meets the same limit and guard as the canonical one, or gets a 404. Before the fix, every spelling
 * below reached Better Auth (a 401 for a wrong password, a role change for set-role) while our limit and
 * our block matched the raw URL and missed them.
 */
const spellings = (path: string) => {
  const tail = path.replace(/^\/api\/auth\//, '');
  return [
    `/api/auth/./${tail}`,
    `/api/auth/x/../${tail}`,
    `/api/auth/%2e/${tail}`,
    `/api/auth/%2E%2E/auth/${tail}`,
    `/api/auth//${tail}`,
    `//api/auth/${tail}`,
    `/api/auth\\${tail}`,
    `/api/auth/%${tail.charCodeAt(0).toString(16)}${tail.slice(1)}`,
    `/api/auth/${tail.toUpperCase()}`,
    `/API/auth/${tail}`,
  ];
};

const countSessions = async (t: TestApp, userId: string) =>
  (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('one canonical path for the whole server (raw HTTP)', () => {
  let t: TestApp;
  let port: number;
  let customer: TestUser;
  let admin: TestUser;
  beforeEach(async () => {
    t = await buildTestApp();
    [customer, admin] = await Promise.all([createUser(t.app), createUser(t.app, { admin: true })]);
    port = await listen(t.app);
  });
  afterEach(() => t.close());

  const signIn = (path: string, password: string) =>
    rawRequest(port, {
      method: 'POST',
      path,
      headers: { origin: t.app.config.publicUrl },
      body: { email: customer.email, password },
    });

  it('refuses every other spelling of the sign-in path: no handler sees it, no session is made', async () => {
    const before = await countSessions(t, customer.id);
    for (const path of spellings('/api/auth/sign-in/email')) {
      const res = await signIn(path, customer.password);
      expect(res.status, `${path} → ${res.body}`).toBe(404);
    }
    expect(await countSessions(t, customer.id)).toBe(before);
    // The canonical spelling still works.
    expect((await signIn('/api/auth/sign-in/email', customer.password)).status).toBe(200);
    expect(await countSessions(t, customer.id)).toBe(before + 1);
  });

  it('the sign-in limit holds whatever the spelling: after 10 guesses, even the right password waits', async () => {
    for (let i = 0; i < 10; i++)
      expect((await signIn('/api/auth/sign-in/email', `wrong-guess-${i}`)).status).toBe(401);
    const before = await countSessions(t, customer.id);
    for (const path of ['/api/auth/sign-in/email', ...spellings('/api/auth/sign-in/email')]) {
      const res = await signIn(path, customer.password);
      expect([404, 429], `${path} → ${res.status} ${res.body}`).toContain(res.status);
    }
    expect(await countSessions(t, customer.id)).toBe(before);
  });

  it("Better Auth's own admin endpoints stay closed under any spelling, even to an admin", async () => {
    const before = await snapshot(t.app);
    for (const endpoint of ['/api/auth/admin/set-role', '/api/auth/admin/remove-user']) {
      for (const path of [endpoint, ...spellings(endpoint), endpoint.replace('/admin/', '/Admin/')]) {
        const res = await rawRequest(port, {
          method: 'POST',
          path,
          headers: { cookie: admin.cookie, origin: t.app.config.publicUrl },
          body: { userId: customer.id, role: 'admin' },
        });
        expect(res.status, `${path} → ${res.body}`).toBe(404);
      }
    }
    expect(await snapshot(t.app)).toEqual(before);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).not.toBe('admin');
  });

  it('the rest of the API: other spellings are a 404 with a clear JSON message, the canonical one answers', async () => {
    const get = (path: string) => rawRequest(port, { method: 'GET', path, headers: admin.headers });
    for (const path of [
      '/api/./users',
      '/api//users',
      '/api/x/../users',
      '/api/%75sers',
      '/api/%2e/users',
      '/api/Users',
      '/API/users',
    ]) {
      const res = await get(path);
      expect(res.status, `${path} → ${res.body}`).toBe(404);
      if (path.startsWith('/api/'))
        expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get('/api/users')).status).toBe(200);
    // A customer meets the same guard on every spelling that routes at all.
    const asCustomer = await rawRequest(port, {
      method: 'GET',
      path: '/api/users',
      headers: customer.headers,
    });
    expect(asCustomer.status).toBe(403);
  });

  it('the data folder stays out of reach of the uploads path', async () => {
    for (const path of [
      '/uploads/../auth-secret',
      '/uploads/%2e%2e/auth-secret',
      '/uploads/..%2fauth-secret',
      '/uploads//../auth-secret',
    ]) {
      const res = await rawRequest(port, { method: 'GET', path });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body).not.toContain(t.app.config.AUTH_SECRET ?? '@@none@@');
    }
  });
});

describe("Better Auth's own rate limit: the second wall", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('counts sign-ins that reach the library directly, with the same numbers as ours', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await signInPastOurLimit(t.app, '203.0.113.9', `guess-${i}`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe('isCanonicalPath', () => {
  it.each([
    ['/api/products', true],
    ['/api/user/a%40b.example', true],
    ['/api/products?search=a/../b', true],
    ['/dashboard/myOrders', true],
    ['/api/./products', false],
    ['/api/products/..', false],
    ['/api//products', false],
    ['/api/%2E%2e/x', false],
    ['/api/%70roducts', false],
    ['/api/products%7e', false],
    ['/api\\products', false],
    ['/api%5Cproducts', false],
    ['*', false],
    ['http://evil.example/api/products', false],
  ])('%s → %s', (path, expected) => expect(isCanonicalPath(path)).toBe(expected));
});
