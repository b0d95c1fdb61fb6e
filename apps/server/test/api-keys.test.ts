import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, NewApiKey } from '@forgeline/shared/schemas/api-key';
import { apiKeys, auditLog, orders } from '../src/db/schema/index.ts';
import { API_KEY_REQUESTS_PER_MINUTE } from '../src/plugins/app/auth.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCompany } from './support/companies.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, payOrder, placeOrder } from './support/data.ts';

/**
 * API keys (docs/decisions/0234): made by the shop's admin or a company admin, shown once, kept as a hash,
 * each call allowed only where the route names one of the key's scopes, revocable, rate limited.
 */
describe('API keys', () => {
  let t: TestApp;
  let shop: TestUser;
  let companyAdmin: TestUser;
  let buyer: TestUser;
  let customer: TestUser;
  let productId: string;

  const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);
  /** A request made with a key, as a script sends it: no cookie, no Origin. */
  const withKey = (secret: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}` },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const makeKey = async (user: TestUser, url: string, body: object) => {
    const res = await call(user, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<NewApiKey>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    [shop, companyAdmin, buyer, customer] = await Promise.all([
      createUser(t.app, { admin: true, name: 'Sam Shop' }),
      createUser(t.app, { name: 'Ada Admin' }),
      createUser(t.app, { name: 'Bo Buyer' }),
      createUser(t.app, { name: 'Cy Customer' }),
    ]);
    productId = (await makeProduct(t.app, { sku: 'KEY-BOLT-1', priceCents: 250, availableQuantity: 500 })).id;
    await createCompany(t.app, shop, { name: 'Acme Pumps Inc.', country: 'GB' }, [
      [companyAdmin, 'admin'],
      [buyer, 'buyer'],
    ]);
  }, 60_000);
  afterAll(() => t.close());

  it('shows a new key’s secret once, keeps only its hash, and lists it without the secret', async () => {
    const { key, secret } = await makeKey(shop, '/api/apiKeys', {
      name: ' ERP sync ',
      scopes: ['products:read', 'orders:write', 'products:read'],
    });
    expect(secret).toMatch(/^flk_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({
      name: 'ERP sync',
      scopes: ['products:read', 'orders:write'],
      start: secret.slice(0, 10),
      createdBy: { id: shop.id, name: 'Sam Shop' },
      lastUsedAt: null,
      revokedAt: null,
    });
    const listed = await call(shop, 'GET', '/api/apiKeys');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json<ApiKey[]>().map((k) => k.id)).toContain(key.id);
    // Nothing in the database reads as the secret: only its SHA-256.
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, key.id));
    expect(audit).toMatchObject({ action: 'api_key.created', actorId: shop.id, subjectLabel: 'ERP sync' });
  });

  it('lets a shop key call what its scopes name, and nothing else (403, nothing changed)', async () => {
    const { key, secret } = await makeKey(shop, '/api/apiKeys', {
      name: 'Stock feed',
      scopes: ['products:read', 'orders:write'],
    });
    const csv = await withKey(secret, 'GET', '/api/products.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('KEY-BOLT-1');

    // A scope the key lacks, and a route that names none (keys never make keys, nor read users).
    const lacking = await expectRefused(t.app, () => withKey(secret, 'GET', '/api/orders'), 403);
    expect(lacking.json<{ message: string }>().message).toBe(
      'This API key lacks the scope this needs: orders:read.',
    );
    const unnamed = await expectRefused(
      t.app,
      () => withKey(secret, 'POST', '/api/apiKeys', { name: 'Another', scopes: ['orders:read'] }),
      403,
    );
    expect(unnamed.json<{ message: string }>().message).toMatch(/^An API key cannot be used for this/);
    await expectRefused(t.app, () => withKey(secret, 'GET', '/api/users'), 403);

    // orders:write ships a paid order, recorded as done by the admin who made the key.
    const orderId = await placeOrder(t.app, customer, productId, 4);
    await payOrder(t.app, customer, orderId);
    const shipped = await withKey(secret, 'PUT', `/api/order/shipped/${orderId}`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('shipped');
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, orderId));
    expect(entries.map((e) => [e.action, e.actorId])).toContainEqual(['order.shipped', shop.id]);

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses a revoked key, an unknown one, and a shop key whose maker is no admin any more (401)', async () => {
    const { key, secret } = await makeKey(shop, '/api/apiKeys', {
      name: 'Old ERP',
      scopes: ['products:read'],
    });
    const revoked = await call(shop, 'DELETE', `/api/apiKeys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    const refused = await expectRefused(t.app, () => withKey(secret, 'GET', '/api/products.csv'), 401);
    expect(refused.json<{ message: string }>().message).toMatch(/^This API key is not valid/);
    // Where a visitor may look too: a wrong key is told so, not served the public view.
    await expectRefused(t.app, () => withKey(secret, 'GET', '/api/products'), 401);
    await expectRefused(t.app, () => withKey(`${secret}x`, 'GET', '/api/products.csv'), 401);
    await expectRefused(t.app, () => withKey('flk_', 'GET', '/api/products.csv'), 401);
    const listed = (await call(shop, 'GET', '/api/apiKeys')).json<ApiKey[]>();
    expect(listed.find((k) => k.id === key.id)?.revokedAt).not.toBeNull();
    // Revoking again changes nothing; a made-up id is not found.
    expect((await call(shop, 'DELETE', `/api/apiKeys/${key.id}`)).statusCode).toBe(204);
    await expectRefused(
      t.app,
      () => call(shop, 'DELETE', '/api/apiKeys/00000000-0000-4000-8000-000000000000'),
      404,
    );
    await expectRefused(t.app, () => call(shop, 'DELETE', '/api/apiKeys/not-a-key'), 404);

    const former = await createUser(t.app, { admin: true });
    const made = await makeKey(former, '/api/apiKeys', { name: 'Leaver', scopes: ['products:read'] });
    expect((await withKey(made.secret, 'GET', '/api/products.csv')).statusCode).toBe(200);
    await t.app.db.execute(`update users set role = null where id = '${former.id}'`);
    await expectRefused(t.app, () => withKey(made.secret, 'GET', '/api/products.csv'), 401);
  });

  it('refuses bad bodies and callers who may not make keys, changing nothing', async () => {
    await expectRefused(t.app, () => call(shop, 'POST', '/api/apiKeys', { name: 'X', scopes: [] }), 400);
    await expectRefused(
      t.app,
      () => call(shop, 'POST', '/api/apiKeys', { name: '', scopes: ['orders:read'] }),
      400,
    );
    const wrong = await expectRefused(
      t.app,
      () => call(shop, 'POST', '/api/apiKeys', { name: 'X', scopes: ['quotes:read'] }),
      400,
    );
    expect(wrong.body).toContain("A shop key's scopes are");
    await expectRefused(
      t.app,
      () => call(companyAdmin, 'POST', '/api/company/apiKeys', { name: 'X', scopes: ['products:write'] }),
      400,
    );
    await expectRefused(
      t.app,
      () => call(null, 'POST', '/api/apiKeys', { name: 'X', scopes: ['orders:read'] }),
      401,
    );
    await expectRefused(
      t.app,
      () => call(customer, 'POST', '/api/apiKeys', { name: 'X', scopes: ['orders:read'] }),
      403,
    );
    await expectRefused(
      t.app,
      () => call(buyer, 'POST', '/api/company/apiKeys', { name: 'X', scopes: ['orders:read'] }),
      403,
    );
    await expectRefused(
      t.app,
      () => call(customer, 'POST', '/api/company/apiKeys', { name: 'X', scopes: ['orders:read'] }),
      404,
    );
    expect((await call(buyer, 'GET', '/api/company/apiKeys')).statusCode).toBe(403);
    // One line: a break could pass for a second entry in the audit log.
    await expectRefused(
      t.app,
      () => call(shop, 'POST', '/api/apiKeys', { name: 'ERP\nsync', scopes: ['orders:read'] }),
      400,
    );
  });

  it('lets a company key read its company’s orders as its maker, never the shop’s, and stops when the maker is no company admin', async () => {
    const { key, secret } = await makeKey(companyAdmin, '/api/company/apiKeys', {
      name: 'Coupa',
      scopes: ['orders:read', 'catalogue:read'],
    });
    // With a company key live, a made-up secret still matches nothing.
    await expectRefused(t.app, () => withKey(`flk_${'A'.repeat(32)}`, 'GET', '/api/products'), 401);
    const orderId = await placeOrder(t.app, companyAdmin, productId, 3);
    const mine = await withKey(
      secret,
      'GET',
      `/api/myOrders?email=${encodeURIComponent(companyAdmin.email)}`,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ _id: string }[]>().map((o) => o._id)).toContain(orderId);
    const catalogue = await withKey(secret, 'GET', '/api/products');
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    // The buyer's system checks a pad of part numbers as the quick order page does, and asks suggestions.
    const pad = await withKey(secret, 'POST', '/api/quick-order/check', { text: 'KEY-BOLT-1 10' });
    expect(pad.statusCode, pad.body).toBe(200);
    expect(pad.json<{ validCount: number }>().validCount).toBe(1);
    expect((await withKey(secret, 'GET', '/api/catalogue/suggest?q=key-bolt')).statusCode).toBe(200);
    // orders:read names the admin's list too, but a company key acts as a member, never as the shop.
    await expectRefused(t.app, () => withKey(secret, 'GET', '/api/orders'), 403);

    const listed = (await call(companyAdmin, 'GET', '/api/company/apiKeys')).json<ApiKey[]>();
    expect(listed.map((k) => k.id)).toEqual([key.id]);
    // The shop's list holds only the shop's keys.
    expect((await call(shop, 'GET', '/api/apiKeys')).json<ApiKey[]>().map((k) => k.id)).not.toContain(key.id);

    await t.app.db.execute(`update company_members set role = 'buyer' where user_id = '${companyAdmin.id}'`);
    await expectRefused(t.app, () => withKey(secret, 'GET', '/api/products'), 401);
    await t.app.db.execute(`update company_members set role = 'admin' where user_id = '${companyAdmin.id}'`);
    expect((await withKey(secret, 'GET', '/api/products')).statusCode).toBe(200);
  });

  it("revokes only its owner's keys: another's id is not found, and nothing changes", async () => {
    const shopKey = await makeKey(shop, '/api/apiKeys', { name: 'Shop only', scopes: ['products:read'] });
    const companyKey = await makeKey(companyAdmin, '/api/company/apiKeys', {
      name: 'Company only',
      scopes: ['orders:read'],
    });
    await expectRefused(
      t.app,
      () => call(companyAdmin, 'DELETE', `/api/company/apiKeys/${shopKey.key.id}`),
      404,
    );
    await expectRefused(t.app, () => call(shop, 'DELETE', `/api/apiKeys/${companyKey.key.id}`), 404);
    await expectRefused(t.app, () => call(buyer, 'DELETE', `/api/company/apiKeys/${companyKey.key.id}`), 403);
    // Two revocations at once: one writes it (and its audit entry), the other finds it revoked already.
    const both = await Promise.all([
      call(shop, 'DELETE', `/api/apiKeys/${shopKey.key.id}`),
      call(shop, 'DELETE', `/api/apiKeys/${shopKey.key.id}`),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([204, 204]);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, shopKey.key.id));
    expect(entries.filter((entry) => entry.action === 'api_key.revoked')).toHaveLength(1);
  });

  it(`answers 429 past ${API_KEY_REQUESTS_PER_MINUTE} requests a minute of one key, and other keys go on`, async () => {
    const busy = await makeKey(shop, '/api/apiKeys', { name: 'Busy', scopes: ['products:read'] });
    const calm = await makeKey(shop, '/api/apiKeys', { name: 'Calm', scopes: ['products:read'] });
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 1) {
      const res = await withKey(busy.secret, 'GET', '/api/products?limit=1');
      if (res.statusCode !== 200) throw new Error(`request ${i + 1}: ${res.statusCode} ${res.body}`);
    }
    const over = await withKey(busy.secret, 'GET', '/api/products?limit=1');
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/more than \d+ requests in a minute/);
    expect((await withKey(calm.secret, 'GET', '/api/products?limit=1')).statusCode).toBe(200);
  });

  it('says in the OpenAPI document which scope each operation needs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { 'x-api-scopes'?: string[]; description?: string }>>;
    }>();
    expect(doc.paths['/api/order/shipped/{id}']?.put?.['x-api-scopes']).toEqual(['orders:write']);
    expect(doc.paths['/api/products.csv']?.get?.description).toContain(
      'API keys: needs the scope products:read.',
    );
    expect(doc.paths['/api/apiKeys']?.post?.['x-api-scopes']).toBeUndefined();
  });
});
