import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, orderBody, orderRow, payOrder, placeOrder, snapshot, stockOf } from './support/data.ts';

/**
 * Item 8 of issue 8: no one can lock the stock away with unpaid orders (docs/decisions/0032). A new
 * account used to hold a product's whole stock for 72 hours with one order it never paid.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const order = (user: TestUser, productId: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: user.headers,
    payload: orderBody(productId, quantity),
  });

/** A customer with one paid order behind them. */
async function establishedCustomer() {
  const user = await createUser(t.app);
  const product = await makeProduct(t.app, { availableQuantity: 10, priceCents: 100 });
  await payOrder(t.app, user, await placeOrder(t.app, user, product.id, 1));
  return user;
}

describe('a customer who has never paid an order', () => {
  it('cannot hold more than half of a product in unpaid orders, and a refusal takes nothing', async () => {
    const newcomer = await createUser(t.app);
    const product = await makeProduct(t.app, { availableQuantity: 1000, priceCents: 100 });

    const before = await snapshot(t.app);
    const all = await order(newcomer, product.id, 1000);
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({
      code: 'UNPAID_HOLD_LIMIT',
      message: expect.stringContaining('at most 500 pcs of'),
    });
    expect(await snapshot(t.app)).toEqual(before);

    expect((await order(newcomer, product.id, 400)).statusCode).toBe(201);
    // 400 held; 200 more would make 600 of the 1000 that were on offer.
    expect((await order(newcomer, product.id, 200)).statusCode).toBe(400);
    expect((await order(newcomer, product.id, 100)).statusCode).toBe(201);
    expect(await stockOf(t.app, product.id)).toBe(500);
  });

  it('can still buy the last pieces of a product', async () => {
    const newcomer = await createUser(t.app);
    const product = await makeProduct(t.app, { availableQuantity: 1, priceCents: 100 });
    expect((await order(newcomer, product.id, 1)).statusCode).toBe(201);
  });

  it('orders placed at once are counted one after the other', async () => {
    const newcomer = await createUser(t.app);
    const product = await makeProduct(t.app, { availableQuantity: 1000, priceCents: 100 });
    const results = await Promise.all(Array.from({ length: 6 }, () => order(newcomer, product.id, 200)));
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(2);
    expect(results.filter((res) => res.statusCode === 400)).toHaveLength(4);
    expect(await stockOf(t.app, product.id)).toBe(600);
  });

  it('cannot run up unpaid orders worth more than NEW_CUSTOMER_UNPAID_LIMIT_USD across products', async () => {
    const newcomer = await createUser(t.app);
    const limit = t.app.config.NEW_CUSTOMER_UNPAID_LIMIT_USD;
    const first = await makeProduct(t.app, { availableQuantity: 100, priceCents: limit * 5 });
    const second = await makeProduct(t.app, { availableQuantity: 100, priceCents: limit * 5 });
    expect((await order(newcomer, first.id, 12)).statusCode).toBe(201);
    const over = await order(newcomer, second.id, 12);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(
      /^Until your first order is paid, your unpaid orders/,
    );
    expect(await stockOf(t.app, second.id)).toBe(100);
  });

  it('orders of different products placed at once are counted one after the other against the limit', async () => {
    // Each order is worth 40% of the limit, each of its own product (so no share of a product binds):
    // two fit, a third would not. The unpaid total must include the orders that held the customer's
    // lock before (on PostgreSQL a SELECT … FOR UPDATE counted what it saw before it waited).
    const newcomer = await createUser(t.app);
    const limitCents = t.app.config.NEW_CUSTOMER_UNPAID_LIMIT_USD * 100;
    const parts = await Promise.all(
      Array.from({ length: 6 }, () =>
        makeProduct(t.app, { availableQuantity: 1000, priceCents: Math.round((limitCents * 0.4) / 10) }),
      ),
    );
    const results = await Promise.all(parts.map((part) => order(newcomer, part.id, 10)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    const stocks = await Promise.all(parts.map((part) => stockOf(t.app, part.id)));
    expect(stocks.sort()).toEqual([1000, 1000, 1000, 1000, 990, 990]);
  });

  it('is held to NEW_CUSTOMER_HOLD_HOURS, an established customer to ORDER_HOLD_HOURS', async () => {
    const newcomer = await createUser(t.app);
    const regular = await establishedCustomer();
    const product = await makeProduct(t.app, { availableQuantity: 100, priceCents: 100 });
    const newcomers = await placeOrder(t.app, newcomer, product.id, 10);
    const regulars = await placeOrder(t.app, regular, product.id, 10);
    const between = new Date(Date.now() - (t.app.config.NEW_CUSTOMER_HOLD_HOURS + 1) * 3_600_000);
    await t.app.db.update(orders).set({ createdAt: between }).where(eq(orders.productId, product.id));

    await expireUnpaidOrders(t.app);
    expect(await orderRow(t.app, newcomers)).toBeUndefined();
    expect(await orderRow(t.app, regulars)).toMatchObject({ paid: false });
    expect(await stockOf(t.app, product.id)).toBe(90);
  });
});

describe('a customer who has paid before', () => {
  it('may hold a whole product, up to UNPAID_LIMIT_USD in all', async () => {
    const regular = await establishedCustomer();
    const product = await makeProduct(t.app, { availableQuantity: 1000, priceCents: 100 });
    expect((await order(regular, product.id, 1000)).statusCode).toBe(201);

    const limit = t.app.config.UNPAID_LIMIT_USD;
    const dear = await makeProduct(t.app, { availableQuantity: 100, priceCents: limit * 10 });
    const over = await order(regular, dear.id, 10);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(/^Your unpaid orders would come to more than/);
    expect(await stockOf(t.app, dear.id)).toBe(100);
  });
});
