import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@forgeline/shared/schemas/audit';
import { createUser, type TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithCast, expectRefused, requestAs, type Cast, type Method } from './support/cast.ts';
import { makeProduct, payOrder, placeOrder } from './support/data.ts';

const productBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Audit Bolt M10',
  price: 0.3,
  minOrder: 100,
  availableQuantiity: 10_000,
  description: 'Grade 8.8.',
  img: '/uploads/audit-bolt.webp',
  ...extra,
});

describe('the audit log: what admins did, written with the change (GET /api/audit)', () => {
  let t: TestApp;
  let cast: Cast;

  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    requestAs(t.app, user, method, url, payload);

  /** The newest entries, as the admin's page asks for them. */
  async function entries(query = ''): Promise<AuditEntry[]> {
    const res = await call(cast.admin, 'GET', `/api/audit?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditEntry[]>();
  }
  const newest = async () => (await entries())[0];

  beforeAll(async () => ({ t, cast } = await buildAppWithCast()));
  afterAll(() => t.close());

  it('records adding, editing (only what changed) and deleting a product, by whom', async () => {
    const added = await call(cast.admin, 'POST', '/api/product', productBody());
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ insertedId: string }>().insertedId;
    expect(await newest()).toMatchObject({
      actorEmail: cast.admin.email,
      action: 'product.added',
      subjectType: 'product',
      subjectId: id,
      subjectLabel: 'Audit Bolt M10',
      before: null,
      after: expect.objectContaining({ name: 'Audit Bolt M10', priceCents: 30, minOrder: 100 }),
    });

    const edited = await call(cast.admin, 'PUT', `/api/product/${id}`, productBody({ price: 0.35 }));
    expect(edited.json()).toMatchObject({ modifiedCount: 1 });
    expect(await newest()).toMatchObject({
      action: 'product.edited',
      subjectLabel: 'Audit Bolt M10',
      before: { priceCents: 30 },
      after: { priceCents: 35 },
    });

    // Saving it unchanged changes nothing and records nothing.
    const count = (await entries()).length;
    await call(cast.admin, 'PUT', `/api/product/${id}`, productBody({ price: 0.35 }));
    expect(await entries()).toHaveLength(count);

    expect((await call(cast.admin, 'DELETE', `/api/product/${id}`)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'product.deleted',
      subjectId: id,
      before: expect.objectContaining({ name: 'Audit Bolt M10', priceCents: 35 }),
      after: null,
    });
  });

  it('records shipping, and cancelling a paid order with its refund', async () => {
    const product = await makeProduct(t.app, { name: 'Audit washer', priceCents: 20 });
    const toShip = await placeOrder(t.app, cast.customerA, product.id, 5);
    await payOrder(t.app, cast.customerA, toShip);
    expect((await call(cast.admin, 'PUT', `/api/order/shipped/${toShip}`)).statusCode).toBe(200);
    const shipped = await newest();
    expect(shipped).toMatchObject({
      action: 'order.shipped',
      subjectType: 'order',
      subjectId: toShip,
      subjectLabel: expect.stringMatching(/^SO-\d+$/),
      before: { status: 'pending' },
      after: { status: 'shipped' },
    });

    const toCancel = await placeOrder(t.app, cast.customerA, product.id, 10);
    await payOrder(t.app, cast.customerA, toCancel);
    expect((await call(cast.admin, 'DELETE', `/api/myOrder/${toCancel}`)).statusCode).toBe(200);
    const ofCancel = (await entries()).filter((e) => e.subjectId === toCancel);
    const cancelled = ofCancel.find((e) => e.action === 'order.cancelled');
    const refunded = ofCancel.find((e) => e.action === 'order.refunded');
    expect(cancelled).toMatchObject({
      action: 'order.cancelled',
      subjectId: toCancel,
      before: { customer: cast.customerA.email, product: 'Audit washer', quantity: 10, total: 2, paid: true },
    });
    expect(refunded).toMatchObject({ action: 'order.refunded', subjectId: toCancel, after: { refunded: 2 } });
  });

  it("records making an admin and deleting a user; a customer's own cancel is not an admin action", async () => {
    const buyer = await createUser(t.app);
    expect((await call(cast.admin, 'PUT', `/api/user/admin/${buyer.email}`)).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await newest()).toMatchObject({
      action: 'user.made_admin',
      subjectId: buyer.id,
      subjectLabel: buyer.email,
      before: { role: 'customer' },
      after: { role: 'admin' },
    });

    const leaver = await createUser(t.app);
    expect((await call(cast.admin, 'DELETE', `/api/user/${leaver.id}`)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'user.deleted',
      subjectLabel: leaver.email,
      before: expect.objectContaining({ email: leaver.email, role: 'customer' }),
    });

    const count = (await entries()).length;
    const product = await makeProduct(t.app);
    const own = await placeOrder(t.app, cast.customerB, product.id, 1);
    expect((await call(cast.customerB, 'DELETE', `/api/myOrder/${own}`)).statusCode).toBe(200);
    expect(await entries()).toHaveLength(count);
  });

  it('records payment terms as what happened: approved, changed, withdrawn, with before and after', async () => {
    const setTerms = async (terms: object | null) => {
      const res = await call(cast.admin, 'PATCH', `/api/users/${cast.customerB.id}/terms`, { terms });
      expect(res.statusCode, res.body).toBe(200);
      return newest();
    };
    // Terms are a company's (decision 0213): a person approved gets a company of one, named after them.
    expect(await setTerms({ termsDays: 30, creditLimit: 5000 })).toMatchObject({
      action: 'terms.approved',
      subjectType: 'company',
      subjectLabel: cast.customerB.name,
      before: { approved: false },
      after: { termsDays: 30, creditLimit: 5000 },
    });
    expect(await setTerms({ termsDays: 60, creditLimit: 5000 })).toMatchObject({
      action: 'terms.changed',
      before: { termsDays: 30 },
      after: { termsDays: 60 },
    });
    expect(await setTerms(null)).toMatchObject({
      action: 'terms.withdrawn',
      before: { termsDays: 60, creditLimit: 5000 },
      after: { approved: false },
    });
    expect(await setTerms({ termsDays: 15, creditLimit: 2000 })).toMatchObject({ action: 'terms.approved' });
  });

  it('records a quote offer and its revision, with the prices offered', async () => {
    const part = await makeProduct(t.app, {
      name: 'Audit flange',
      priceCents: 1000,
      availableQuantity: 5000,
    });
    const asked = await call(cast.customerA, 'POST', '/api/quotes', {
      lines: [{ productId: part.id, quantity: 500 }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const quote = asked.json<{ _id: string; number: string; lines: { _id: string }[] }>();
    const offer = async (price: number) => {
      const res = await call(cast.admin, 'POST', `/api/quotes/${quote._id}/offer`, {
        lines: [{ lineId: quote.lines[0]!._id, price }],
        validDays: 14,
      });
      expect(res.statusCode, res.body).toBe(200);
      return newest();
    };
    expect(await offer(8.5)).toMatchObject({
      action: 'quote.offered',
      subjectType: 'quote',
      subjectLabel: quote.number,
      after: { 'Audit flange': 8.5, validDays: 14 },
    });
    expect(await offer(8.25)).toMatchObject({
      action: 'quote.revised',
      before: { 'Audit flange': 8.5 },
      after: { 'Audit flange': 8.25 },
    });
  });

  it('writes nothing for a refused action: not allowed, invalid, or impossible', async () => {
    const product = await makeProduct(t.app, { name: 'Audit nut', availableQuantity: 50 });
    const unpaid = await placeOrder(t.app, cast.customerA, product.id, 1);
    // expectRefused compares every table, the audit log included, before and after.
    await expectRefused(t.app, () => call(cast.customerA, 'DELETE', `/api/product/${product.id}`), 403);
    await expectRefused(t.app, () => call(null, 'PUT', `/api/user/admin/${cast.customerA.email}`), 401);
    await expectRefused(
      t.app,
      () => call(cast.admin, 'PUT', `/api/product/${product.id}`, productBody({ minOrder: 0 })),
      400,
    );
    await expectRefused(t.app, () => call(cast.admin, 'PUT', `/api/order/shipped/${unpaid}`), 409);
    await expectRefused(t.app, () => call(cast.admin, 'DELETE', `/api/user/${cast.admin.id}`), 409);
    await expectRefused(t.app, () => call(cast.admin, 'PUT', '/api/user/admin/nobody@example.com'), 404);
  });

  it('pages newest first and filters by action, admin, subject and day', async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThanOrEqual(8);
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await entries('&action=order.shipped')).map((e) => e.action)).toEqual(['order.shipped']);
    expect((await entries(`&actor=${encodeURIComponent(cast.admin.email.toUpperCase())}`)).length).toBe(
      all.length,
    );
    expect(await entries('&actor=someone-else@example.com')).toEqual([]);
    expect((await entries('&search=audit%20bolt')).every((e) => e.subjectLabel === 'Audit Bolt M10')).toBe(
      true,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await entries(`&from=${today}&to=${today}`)).toHaveLength(all.length);
    expect(await entries('&to=2020-01-01')).toEqual([]);

    const first = await call(cast.admin, 'GET', '/api/audit?limit=3');
    expect(first.headers['x-total-count']).toBe(String(all.length));
    const cursor = String(first.headers['x-next-cursor']);
    const second = await call(cast.admin, 'GET', `/api/audit?limit=3&cursor=${cursor}`);
    expect([...first.json<AuditEntry[]>(), ...second.json<AuditEntry[]>()].map((e) => e._id)).toEqual(
      all.slice(0, 6).map((e) => e._id),
    );
  });

  it('is for admins only, and says what is wrong with a bad filter', async () => {
    await expectRefused(t.app, () => call(null, 'GET', '/api/audit'), 401);
    await expectRefused(t.app, () => call(cast.customerA, 'GET', '/api/audit'), 403);
    const badAction = await call(cast.admin, 'GET', '/api/audit?action=order.stolen');
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json<{ message: string }>().message).toContain('Choose an action from the list');
    const badDays = await call(cast.admin, 'GET', '/api/audit?from=2026-11-20&to=2026-11-01');
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json<{ message: string }>().message).toContain('The first day must not be after the last');
  });
});
