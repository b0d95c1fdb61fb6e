import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { snapshot } from './support/data.ts';
import { listen, rawRequest } from './support/raw-http.ts';

/**
 * Who calls is checked before the body is read, on
 * every route. Before, a customer posting a broken body to an admin endpoint got a 400 that described
 * the admin schema field by field. Every route of the API is taken from its OpenAPI document, so a new
 * route is covered the day it is added.
 */
const PUBLIC_WRITES = new Set(['POST /api/contact', 'POST /api/newsletter']);
const ADMIN_ONLY = new Set([
  'GET /api/users',
  'DELETE /api/user/{id}',
  'PUT /api/user/admin/{email}',
  'POST /api/product',
  'PUT /api/product/{id}',
  'DELETE /api/product/{id}',
  'GET /api/products.csv',
  'POST /api/products/import',
  'GET /api/orders',
  'PUT /api/order/shipped/{id}',
  'POST /api/images',
  'GET /api/contact',
  'GET /api/newsletter',
  'GET /api/quotes',
  'POST /api/quotes/{id}/offer',
]);

let t: TestApp;
let port: number;
let customer: TestUser;
let routes: { method: string; path: string; hasBody: boolean }[];

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUser(t.app);
  port = await listen(t.app);
  const spec = t.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      hasBody: operation.requestBody !== undefined,
    })),
  );
});
afterAll(() => t.close());

/** A body no schema accepts, and query strings that break every querystring schema. */
const brokenCall = (path: string) => ({
  path: `${path.replace('{email}', encodeURIComponent(customer.email)).replace(/\{\w+\}/g, randomUUID())}?email=${'x'.repeat(300)}&status=nope&limit=-1`,
  body: { buyQuantity: 'lots', name: ['x'], rating: 99, email: 42, nested: { a: [null] } },
});

describe('guards run before validation (raw HTTP)', () => {
  it('a visitor gets 401, never a 400 describing the schema, on every route that needs a user', async () => {
    const guarded = routes.filter(
      (route) =>
        route.hasBody &&
        !PUBLIC_WRITES.has(`${route.method} ${route.path}`) &&
        route.path.startsWith('/api/'),
    );
    expect(guarded.length).toBeGreaterThan(10);
    const before = await snapshot(t.app);
    for (const route of guarded) {
      const { path, body } = brokenCall(route.path);
      const res = await rawRequest(port, { method: route.method, path, body });
      expect(res.status, `${route.method} ${route.path} → ${res.body}`).toBe(401);
      expect(res.body).not.toMatch(/details/);
    }
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('a customer gets 403 on every admin route, whatever the body or query', async () => {
    const listed = routes.map((route) => `${route.method} ${route.path}`);
    for (const admin of ADMIN_ONLY) expect(listed).toContain(admin);
    const before = await snapshot(t.app);
    for (const route of routes.filter((r) => ADMIN_ONLY.has(`${r.method} ${r.path}`))) {
      const { path, body } = brokenCall(route.path);
      const res = await rawRequest(port, { method: route.method, path, headers: customer.headers, body });
      expect(res.status, `${route.method} ${route.path} → ${res.body}`).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Only an admin can do that.');
    }
    expect(await snapshot(t.app)).toEqual(before);
  });
});

describe('a guard named in a later hook still runs first', () => {
  it('moves requireAdmin from preHandler to onRequest', async () => {
    const app = Fastify();
    app.decorateRequest('user', null);
    const requireAdmin = async () => {
      throw Object.assign(new Error('Only an admin can do that.'), { statusCode: 403 });
    };
    // The same hook as the auth plugin's, on a bare app: a route written the old way.
    const { moveGuardsToOnRequest } = await import('../src/plugins/app/auth.ts');
    app.addHook('onRoute', moveGuardsToOnRequest([requireAdmin]));
    app.post(
      '/x',
      {
        preHandler: requireAdmin,
        schema: { body: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } } },
      },
      async () => 'ok',
    );
    const res = await app.inject({ method: 'POST', url: '/x', payload: { b: 1 } });
    expect(res.statusCode).toBe(403);
    await app.close();
  });
});
