import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@forgeline/shared/messages';
import { OrderSchema, type Order } from '@forgeline/shared/schemas/order';
import type { Product } from '@forgeline/shared/schemas/product';
import { orders, testPaymentIntents } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { writeLimitOf } from '../src/plugins/app/write-limits.ts';

/** One budget per account shared by /order, /checkout and quote acceptance (decision 0190). */
const ORDER_LIMIT = writeLimitOf('POST /api/order').perAccount;
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused as expectRefusedIn, type Cast, type Role } from './support/cast.ts';
import { makeProduct, orderBody, orderRow, payOrder, placeOrder, stockOf } from './support/data.ts';

let t: TestApp;
let customerA: TestUser;
let customerB: TestUser;
let admin: TestUser;
let headersOf: Cast['headersOf'];

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  ({ customerA, customerB, admin, headersOf } = await createCast(t.app));
});
afterAll(() => t.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload && { payload }) });

const expectRefused = <R extends { statusCode: number; body: string }>(
  call: () => Promise<R>,
  status: number,
) => expectRefusedIn(t.app, call, status);

describe('POST /api/order', () => {
  it('places the order with the session identity and the server figures, and takes the stock', async () => {
    const product = await makeProduct(t.app, { priceCents: 1999, minOrder: 5, availableQuantity: 40 });
    const res = await inject('POST', '/api/order', customerA.headers, {
      ...orderBody(product.id, 7),
      name: 'Somebody Else',
      email: 'someone@else.com',
      productName: product.name,
      price: 19.99,
      totalPrize: 139.93,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { acknowledged, insertedId } = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(acknowledged).toBe(true);

    const row = await orderRow(t.app, insertedId);
    expect(row).toMatchObject({
      userId: customerA.id,
      customerName: customerA.name,
      customerEmail: customerA.email,
      productId: product.id,
      productName: product.name,
      priceCents: 1999,
      quantity: 7,
      totalCents: 13993,
      paid: false,
      status: 'pending',
    });
    expect(await stockOf(t.app, product.id)).toBe(33);
    // The catalogue shows the new stock at once.
    const catalogue = (await inject('GET', '/api/products?limit=100', {})).json<Product[]>();
    expect(catalogue.find((p) => p._id === product.id)?.availableQuantiity).toBe(33);

    const shown = await inject('GET', `/api/order/${insertedId}`, customerA.headers);
    expect(OrderSchema.parse(shown.json())).toMatchObject({
      _id: insertedId,
      name: customerA.name,
      email: customerA.email,
      price: 19.99,
      buyQuantity: 7,
      totalPrize: 139.93,
      paid: false,
      transactionId: null,
      status: 'pending',
    });
  });

  it('accepts the body without any figures (the server computes them)', async () => {
    const product = await makeProduct(t.app, { priceCents: 5, minOrder: 100, availableQuantity: 1000 });
    const id = await placeOrder(t.app, customerA, product.id, 100);
    expect(await orderRow(t.app, id)).toMatchObject({ priceCents: 5, totalCents: 500 });
  });

  it.each([
    ['below the minimum', 4, messages.quantityBelowMinimum(5)],
    ['above the stock', 41, messages.quantityAboveAvailable],
    ['zero', 0, messages.quantityBelowMinimum(5)],
    ['negative', -3, messages.quantityBelowMinimum(5)],
    ['fractional', 5.5, 'Quantity must be a whole number'],
  ])('refuses a quantity %s with the spec message', async (_label, quantity, message) => {
    const product = await makeProduct(t.app, { minOrder: 5, availableQuantity: 40 });
    const res = await expectRefused(
      () => inject('POST', '/api/order', customerA.headers, orderBody(product.id, quantity)),
      400,
    );
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      details: { buyQuantity: message },
    });
  });

  it.each([
    ['address', { address: '' }, messages.addressRequired],
    ['phone', { phone: '   ' }, messages.phoneRequired],
    ['quantity', { buyQuantity: '' }, messages.quantityRequired],
  ])('requires the %s', async (field, override, message) => {
    const product = await makeProduct(t.app);
    const res = await expectRefused(
      () => inject('POST', '/api/order', customerA.headers, { ...orderBody(product.id, 2), ...override }),
      400,
    );
    expect(res.json().details).toMatchObject({ [field === 'quantity' ? 'buyQuantity' : field]: message });
  });

  it.each([
    ['price', { price: 2.49 }, 'PRICE_CHANGED'],
    ['total', { totalPrize: 4.99 }, 'TOTAL_MISMATCH'],
    ['product name', { productName: 'Another part' }, 'PRODUCT_CHANGED'],
  ])('refuses a body whose %s disagrees with the server (409)', async (_label, figures, code) => {
    const product = await makeProduct(t.app, { priceCents: 250 });
    const res = await expectRefused(
      () =>
        inject('POST', '/api/order', customerA.headers, {
          ...orderBody(product.id, 2),
          productName: product.name,
          ...figures,
        }),
      409,
    );
    expect(res.json().code).toBe(code);
    expect(res.json().message).toMatch(/\S/);
  });

  it('answers 404 for a product that does not exist, whatever the id looks like', async () => {
    for (const id of ['0b1e4a60-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await expectRefused(
        () => inject('POST', '/api/order', customerA.headers, orderBody(id, 1)),
        404,
      );
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('refuses a cookie session without our Origin (cross-site request)', async () => {
    const product = await makeProduct(t.app);
    await expectRefused(
      () =>
        inject(
          'POST',
          '/api/order',
          { cookie: customerA.cookie, origin: 'https://evil.example' },
          orderBody(product.id, 1),
        ),
      403,
    );
    const ok = await inject('POST', '/api/order', customerA.cookieHeaders, orderBody(product.id, 1));
    expect(ok.statusCode).toBe(201);
  });

  it(`limits each customer to ${ORDER_LIMIT} orders per window`, async () => {
    const product = await makeProduct(t.app, { availableQuantity: 10_000 });
    const buyer = await createUser(t.app);
    for (let i = 0; i < ORDER_LIMIT; i += 1) {
      expect((await inject('POST', '/api/order', buyer.headers, orderBody(product.id, 1))).statusCode).toBe(
        201,
      );
    }
    const res = await expectRefused(
      () => inject('POST', '/api/order', buyer.headers, orderBody(product.id, 1)),
      429,
    );
    expect(res.json().code).toBe('RATE_LIMITED');
    // Another customer is not held back by it.
    expect((await inject('POST', '/api/order', customerB.headers, orderBody(product.id, 1))).statusCode).toBe(
      201,
    );
  });
});

describe('races on stock', () => {
  it('20 parallel orders for the last unit: exactly one succeeds', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 1 });
    const buyers = [customerA, customerB, admin];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject('POST', '/api/order', buyers[i % 3]!.headers, orderBody(product.id, 1)),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
    expect(await stockOf(t.app, product.id)).toBe(0);
    const made = await t.app.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(made).toHaveLength(1);
  });

  it('10 parallel orders of 3 by ten customers against a stock of 10: 3 succeed, never below 0', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 10 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const results = await Promise.all(
      buyers.map((buyer) => inject('POST', '/api/order', buyer.headers, orderBody(product.id, 3))),
    );
    const succeeded = results.filter((r) => r.statusCode === 201).length;
    expect(succeeded).toBe(3);
    const stock = await stockOf(t.app, product.id);
    expect(stock).toBe(1);
    const made = await t.app.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(made.reduce((sum, o) => sum + o.quantity, 0) + stock).toBe(10);
  });

  it('parallel cancels of one order give the stock back exactly once', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 50 });
    const id = await placeOrder(t.app, customerA, product.id, 20);
    expect(await stockOf(t.app, product.id)).toBe(30);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        inject('DELETE', `/api/myOrder/${id}`, (i % 2 ? customerA : admin).headers),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others find it cancelled already.
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await stockOf(t.app, product.id)).toBe(50);
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled' });
  });

  it('parallel admin cancels of a paid order refund and restock once', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 10 });
    const id = await placeOrder(t.app, customerA, product.id, 4);
    const transactionId = await payOrder(t.app, customerA, id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => inject('DELETE', `/api/myOrder/${id}`, admin.headers)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(10);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, transactionId));
    expect(intent).toMatchObject({ status: 'succeeded', amountReceivedCents: 1000, refundedCents: 1000 });
  });
});

describe('listing orders', () => {
  it('GET /api/myOrders lists only your orders, newest first, in the shared shape', async () => {
    const buyer = await createUser(t.app);
    const product = await makeProduct(t.app);
    const first = await placeOrder(t.app, buyer, product.id, 1);
    const second = await placeOrder(t.app, buyer, product.id, 2);
    await placeOrder(t.app, customerB, product.id, 3);
    const res = await inject(
      'GET',
      `/api/myOrders?email=${encodeURIComponent(buyer.email.toUpperCase())}`,
      buyer.headers,
    );
    expect(res.statusCode).toBe(200);
    const list = res.json<Order[]>();
    expect(list.map((o) => o._id)).toEqual([second, first]);
    for (const order of list) expect(OrderSchema.strict().parse(order)).toEqual(order);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('GET /api/orders lists every order for an admin', async () => {
    const res = await inject('GET', '/api/orders', admin.headers);
    expect(res.statusCode).toBe(200);
    const all = await t.app.db.select().from(orders);
    expect(
      res
        .json<Order[]>()
        .map((o) => o._id)
        .sort(),
    ).toEqual(all.map((o) => o.id).sort());
  });
});

describe('order lifecycle', () => {
  it('a customer cancels an unpaid order: it stays listed as cancelled and the stock comes back', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 10 });
    const id = await placeOrder(t.app, customerA, product.id, 6);
    const res = await inject('DELETE', `/api/myOrder/${id}`, customerA.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(t.app, product.id)).toBe(10);
    const mine = (await inject('GET', `/api/myOrders?email=${customerA.email}`, customerA.headers)).json<
      Order[]
    >();
    expect(mine.find((o) => o._id === id)).toMatchObject({ status: 'cancelled', paid: false });
    expect((await inject('GET', `/api/order/${id}`, customerA.headers)).json()).toMatchObject({
      status: 'cancelled',
    });
  });

  it('a customer cannot cancel a paid order; an admin can, refunding it', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 10, priceCents: 300 });
    const id = await placeOrder(t.app, customerA, product.id, 2);
    const transactionId = await payOrder(t.app, customerA, id);
    const refused = await expectRefused(() => inject('DELETE', `/api/myOrder/${id}`, customerA.headers), 409);
    expect(refused.json().code).toBe('ORDER_PAID');

    const res = await inject('DELETE', `/api/myOrder/${id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: true });
    expect(await stockOf(t.app, product.id)).toBe(10);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, transactionId));
    expect(intent?.refundedCents).toBe(600);
  });

  it('ships paid orders only; a shipped order cannot be cancelled', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 10 });
    const id = await placeOrder(t.app, customerA, product.id, 2);
    const unpaid = await expectRefused(() => inject('PUT', `/api/order/shipped/${id}`, admin.headers), 409);
    expect(unpaid.json().code).toBe('ORDER_UNPAID');

    await payOrder(t.app, customerA, id);
    const shipped = await inject('PUT', `/api/order/shipped/${id}`, admin.headers);
    expect(shipped.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'shipped', paid: true });
    const again = await inject('PUT', `/api/order/shipped/${id}`, admin.headers);
    expect(again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });

    for (const who of [admin, customerA]) {
      const res = await expectRefused(() => inject('DELETE', `/api/myOrder/${id}`, who.headers), 409);
      expect(res.json().code).toBe('ORDER_SHIPPED');
    }
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('an order outlives its product, with its own copy of the name and price', async () => {
    const product = await makeProduct(t.app, { priceCents: 777 });
    const id = await placeOrder(t.app, customerA, product.id, 1);
    expect((await inject('DELETE', `/api/product/${product.id}`, admin.headers)).statusCode).toBe(200);
    const order = (await inject('GET', `/api/order/${id}`, customerA.headers)).json<Order>();
    expect(order).toMatchObject({ productId: null, productName: product.name, price: 7.77 });
    // Cancelling it gives nothing back to a product that is gone, and does not fail.
    expect((await inject('DELETE', `/api/myOrder/${id}`, customerA.headers)).statusCode).toBe(200);
  });
});

describe('the unpaid-order expiry job', () => {
  it('cancels unpaid orders past PAYMENT_WINDOW_MINUTES and releases their stock, once', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 100 });
    const old = await placeOrder(t.app, customerA, product.id, 10);
    const oldPaid = await placeOrder(t.app, customerA, product.id, 5);
    await payOrder(t.app, customerA, oldPaid);
    const recent = await placeOrder(t.app, customerA, product.id, 7);
    const longAgo = new Date(Date.now() - (t.app.config.PAYMENT_WINDOW_MINUTES + 1) * 60_000);
    await t.app.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, old));
    await t.app.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, oldPaid));
    expect(await stockOf(t.app, product.id)).toBe(78);

    // Two servers running it at once release the stock once.
    const counts = await Promise.all([expireUnpaidOrders(t.app), expireUnpaidOrders(t.app)]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(1);
    expect(await orderRow(t.app, old)).toMatchObject({ status: 'cancelled', paid: false });
    expect(await orderRow(t.app, oldPaid)).toMatchObject({ paid: true });
    expect(await orderRow(t.app, recent)).toMatchObject({ paid: false });
    expect(await stockOf(t.app, product.id)).toBe(88);
    expect(await expireUnpaidOrders(t.app)).toBe(0);
    expect(await stockOf(t.app, product.id)).toBe(88);
  });
});

describe('authorization matrix', () => {
  const roles: Role[] = ['visitor', 'customerA', 'customerB', 'admin'];

  it.each([
    ['visitor', 401],
    ['customerA', 201],
    ['customerB', 201],
    ['admin', 201],
  ] as [Role, number][])('POST /api/order as %s → %i', async (role, status) => {
    const product = await makeProduct(t.app, { availableQuantity: 5 });
    if (status !== 201) {
      await expectRefused(
        () => inject('POST', '/api/order', headersOf(role), orderBody(product.id, 1)),
        status,
      );
      return;
    }
    const res = await inject('POST', '/api/order', headersOf(role), orderBody(product.id, 1));
    expect(res.statusCode).toBe(201);
    expect(await stockOf(t.app, product.id)).toBe(4);
  });

  it.each([
    ['visitor', 401],
    ['customerA', 200],
    ['customerB', 403],
    ['admin', 403],
  ] as [Role, number][])("GET /api/myOrders?email=<A's> as %s → %i", async (role, status) => {
    const res = await expectRefused(
      () => inject('GET', `/api/myOrders?email=${encodeURIComponent(customerA.email)}`, headersOf(role)),
      status,
    );
    if (status === 200) expect(res.json<Order[]>().every((o) => o.email === customerA.email)).toBe(true);
  });

  it.each([
    ['visitor', 401],
    ['customerA', 403],
    ['customerB', 403],
    ['admin', 200],
  ] as [Role, number][])('GET /api/orders as %s → %i', async (role, status) => {
    await expectRefused(() => inject('GET', '/api/orders', headersOf(role)), status);
  });

  it.each([
    ['visitor', 401],
    ['customerA', 200],
    ['customerB', 404],
    ['admin', 200],
  ] as [Role, number][])("GET /api/order/<A's> as %s → %i", async (role, status) => {
    const product = await makeProduct(t.app);
    const id = await placeOrder(t.app, customerA, product.id, 1);
    const res = await expectRefused(() => inject('GET', `/api/order/${id}`, headersOf(role)), status);
    if (status === 200) expect(res.json<Order>()._id).toBe(id);
  });

  it.each([
    ['visitor', 401],
    ['customerA', 200],
    ['customerB', 404],
    ['admin', 200],
  ] as [Role, number][])("DELETE /api/myOrder/<A's unpaid> as %s → %i", async (role, status) => {
    const product = await makeProduct(t.app, { availableQuantity: 10 });
    const id = await placeOrder(t.app, customerA, product.id, 3);
    if (status !== 200) {
      await expectRefused(() => inject('DELETE', `/api/myOrder/${id}`, headersOf(role)), status);
      expect(await orderRow(t.app, id)).toBeDefined();
      return;
    }
    expect((await inject('DELETE', `/api/myOrder/${id}`, headersOf(role))).statusCode).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it.each([
    ['visitor', 401],
    ['customerA', 409],
    ['customerB', 404],
    ['admin', 200],
  ] as [Role, number][])("DELETE /api/myOrder/<A's paid> as %s → %i", async (role, status) => {
    const product = await makeProduct(t.app, { availableQuantity: 10 });
    const id = await placeOrder(t.app, customerA, product.id, 3);
    await payOrder(t.app, customerA, id);
    if (status !== 200) {
      await expectRefused(() => inject('DELETE', `/api/myOrder/${id}`, headersOf(role)), status);
      return;
    }
    expect((await inject('DELETE', `/api/myOrder/${id}`, headersOf(role))).statusCode).toBe(200);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it.each([
    ['visitor', 401],
    ['customerA', 403],
    ['customerB', 403],
    ['admin', 200],
  ] as [Role, number][])("PUT /api/order/shipped/<A's paid> as %s → %i", async (role, status) => {
    const product = await makeProduct(t.app);
    const id = await placeOrder(t.app, customerA, product.id, 1);
    await payOrder(t.app, customerA, id);
    if (status !== 200) {
      await expectRefused(() => inject('PUT', `/api/order/shipped/${id}`, headersOf(role)), status);
      return;
    }
    expect((await inject('PUT', `/api/order/shipped/${id}`, headersOf(role))).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    expect((await orderRow(t.app, id))?.status).toBe('shipped');
  });

  it('answers the same 404 for an order id that does not exist as for one of another customer', async () => {
    const product = await makeProduct(t.app);
    const id = await placeOrder(t.app, customerA, product.id, 1);
    const missing = '2c7d9b3e-8f5a-4c1d-9e2b-000000000000';
    for (const role of roles.filter((r) => r === 'customerB')) {
      const other = await inject('GET', `/api/order/${id}`, headersOf(role));
      const none = await inject('GET', `/api/order/${missing}`, headersOf(role));
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(none.json());
    }
  });
});
