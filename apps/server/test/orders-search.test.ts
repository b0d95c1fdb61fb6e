import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@forgeline/shared/schemas/order';
import { orders } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused } from './support/cast.ts';
import { makeProduct, placeOrder } from './support/data.ts';

describe("the admin's order search: GET /api/orders?limit=…", () => {
  let t: TestApp;
  let admin: TestUser;
  let ada: TestUser;
  let bob: TestUser;
  const placed: {
    id: string;
    customer: string;
    product: string;
    paid: boolean;
    shipped: boolean;
    day: string;
  }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.app, { admin: true });
    ada = await createUser(t.app, { name: 'Ada Lovelace', email: 'ada@analytical.example' });
    bob = await createUser(t.app, { name: 'Bob 100%_Builder', email: 'bob@builders.example' });
    const flange = await makeProduct(t.app, { name: 'Weld neck flange', availableQuantity: 10_000 });
    const gasket = await makeProduct(t.app, { name: 'Spiral gasket', availableQuantity: 10_000 });
    // 24 orders over 12 days of November: every third paid, every sixth also shipped.
    for (let i = 0; i < 24; i += 1) {
      const customer = i % 2 === 0 ? ada : bob;
      const product = i % 4 < 2 ? flange : gasket;
      const id = await placeOrder(t.app, customer, product.id, 1);
      const day = `2026-11-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`;
      const paid = i % 3 === 0;
      const shipped = i % 6 === 0;
      await t.app.db
        .update(orders)
        .set({
          createdAt: new Date(`${day}T${String(8 + (i % 2)).padStart(2, '0')}:00:00.123456Z`),
          paid,
          transactionId: paid ? `pi_search${i}` : null,
          status: shipped ? 'shipped' : 'pending',
        })
        .where(eq(orders.id, id));
      placed.push({ id, customer: customer.email, product: product.name, paid, shipped, day });
    }
  });
  afterAll(() => t.close());

  const list = (query: string, user: TestUser | null = admin) =>
    t.app.inject({ url: `/api/orders?${query}`, headers: user?.headers ?? {} });

  /** Follows X-Next-Cursor to the end: every matching order once, newest first. */
  async function walk(query: string, limit: number) {
    const seen: Order[] = [];
    let cursor: string | undefined;
    let total = -1;
    for (let pages = 0; pages < 50; pages += 1) {
      const res = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      total = Number(res.headers['x-total-count']);
      seen.push(...res.json<Order[]>());
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    return { seen, total };
  }

  it('pages through every order once, newest first, with the count of all of them', async () => {
    const { seen, total } = await walk('', 5);
    expect(total).toBe(24);
    expect(seen.map((o) => o._id)).toEqual([...placed].reverse().map((o) => o.id));
    const times = seen.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('finds orders by customer e-mail, customer name, product and the first characters of the order id', async () => {
    const byEmail = await walk('search=ADA@analytical', 100);
    expect(byEmail.total).toBe(12);
    expect(byEmail.seen.every((o) => o.email === ada.email)).toBe(true);
    expect((await walk('search=lovelace', 100)).total).toBe(12);
    expect((await walk('search=gasket', 100)).seen.every((o) => o.productName === 'Spiral gasket')).toBe(
      true,
    );
    const target = placed[7]!;
    const byId = await walk(`search=${target.id.slice(0, 8)}`, 100);
    expect(byId.seen.map((o) => o._id)).toContain(target.id);
    // LIKE's own characters are searched for literally.
    expect((await walk(`search=${encodeURIComponent('100%_B')}`, 100)).total).toBe(12);
    expect((await walk(`search=${encodeURIComponent('%')}`, 100)).total).toBe(12);
    expect((await walk('search=nobody-here', 100)).total).toBe(0);
  });

  it('filters by payment, shipping and a date range (whole days, both ends included)', async () => {
    const expectIds = async (query: string, keep: (o: (typeof placed)[number]) => boolean) => {
      const { seen, total } = await walk(query, 7);
      const want = placed.filter(keep).map((o) => o.id);
      expect(total).toBe(want.length);
      expect(seen.map((o) => o._id).sort()).toEqual(want.sort());
    };
    await expectIds('paid=true', (o) => o.paid);
    await expectIds('paid=false', (o) => !o.paid);
    await expectIds('status=shipped', (o) => o.shipped);
    await expectIds('paid=true&status=pending', (o) => o.paid && !o.shipped);
    await expectIds('from=2026-11-03&to=2026-11-05', (o) => o.day >= '2026-11-03' && o.day <= '2026-11-05');
    await expectIds('from=2026-11-10', (o) => o.day >= '2026-11-10');
    await expectIds('to=2026-11-01&search=bob', (o) => o.day === '2026-11-01' && o.customer === bob.email);
  });

  it('also pages by page number', async () => {
    const second = await list('limit=10&page=2');
    expect(second.json<Order[]>().map((o) => o._id)).toEqual(
      [...placed]
        .reverse()
        .slice(10, 20)
        .map((o) => o.id),
    );
    expect((await list('limit=10&page=9')).json()).toEqual([]);
  });

  it('keeps the answer of the specification without limit', async () => {
    const res = await list('');
    expect(res.json<Order[]>()).toHaveLength(24);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses bad paging and filters with a clear 400, and everyone but admins', async () => {
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=1000', 'limit must be at most 100'],
      ['limit=abc', 'limit must be a number'],
      ['limit=5&cursor=bm90LWEtY3Vyc29y', 'cursor is not valid: start again from the first page.'],
      ['limit=5&page=2&cursor=abc', 'Use either cursor or page, not both'],
      ['limit=5&from=2026-11-09&to=2026-11-01', "'from' must be on or before 'to'"],
      ['limit=5&from=2026-13-45', 'from is not a real date'],
      ['limit=5&from=yesterday', 'from must be a date (YYYY-MM-DD)'],
      ['limit=5&paid=yes', "paid must be 'true' or 'false'"],
      ['limit=5&status=lost', "status must be 'pending', 'shipped' or 'cancelled'"],
      [`limit=5&search=${'x'.repeat(101)}`, 'search must be 100 characters or fewer'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    await expectRefused(t.app, () => list('limit=5', ada), 403);
    await expectRefused(t.app, () => list('limit=5', null), 401);
  });
  it("finds a checkout's orders by its CO number as the buyer quotes it, and only those", async () => {
    const washer = await makeProduct(t.app, { name: 'Spring washer', availableQuantity: 1000 });
    const bolt = await makeProduct(t.app, { name: 'Hex bolt', availableQuantity: 1000 });
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: ada.headers,
      payload: {
        lines: [
          { productId: washer.id, quantity: 2 },
          { productId: bolt.id, quantity: 3 },
        ],
      },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: ada.headers,
      payload: { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { number } = checkout.json<{ number: string }>();
    expect(number).toMatch(/^CO-\d+$/);
    for (const typed of [number, number.toLowerCase(), ` ${number} `]) {
      const res = await list(`limit=10&search=${encodeURIComponent(typed)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json<Order[]>()
          .map((order) => order.productName)
          .sort(),
        typed,
      ).toEqual(['Hex bolt', 'Spring washer']);
    }
  });
});
