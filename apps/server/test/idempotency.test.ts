import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, outboxMessages, products } from '../src/db/schema/index.ts';
import { purgeExpiredKeys } from '../src/modules/idempotency/idempotency.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, orderBody } from './support/data.ts';

/** POST /api/order with an Idempotency-Key: a retry after a lost answer gets the first order, not a second. */
let t: TestApp;
let customer: TestUser;
let other: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [customer, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
  productId = (await makeProduct(t.app, { priceCents: 100, minOrder: 2, availableQuantity: 1_000 })).id;
}, 60_000);
afterAll(() => t.close());

const order = (user: TestUser, key: string | undefined, quantity = 2) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...user.headers, ...(key !== undefined && { 'idempotency-key': key }) },
    payload: orderBody(productId, quantity),
  });

const stock = async () =>
  (await t.app.db.select().from(products).where(eq(products.id, productId)))[0]!.availableQuantity;
const ordersOf = async (user: TestUser) => t.app.db.select().from(orders).where(eq(orders.userId, user.id));
const mailsAbout = async (orderId: string) =>
  (await t.app.db.select().from(outboxMessages)).filter((mail) => mail.textBody.includes(orderId));

describe('Idempotency-Key on POST /api/order', () => {
  it('answers a retry with the first order: one order, stock taken once, one mail', async () => {
    const key = crypto.randomUUID();
    const stockBefore = await stock();
    const countBefore = (await ordersOf(customer)).length;
    const first = await order(customer, key, 3);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await order(customer, key, 3);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    expect((await ordersOf(customer)).length).toBe(countBefore + 1);
    expect(await stock()).toBe(stockBefore - 3);
    expect(await mailsAbout(first.json<{ insertedId: string }>().insertedId)).toHaveLength(1);
  });

  it('places one order for duplicates sent at once', async () => {
    const key = crypto.randomUUID();
    const countBefore = (await ordersOf(customer)).length;
    const answers = await Promise.all([1, 2, 3, 4].map(() => order(customer, key)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((res) => res.json<{ insertedId: string }>().insertedId)).size).toBe(1);
    expect((await ordersOf(customer)).length).toBe(countBefore + 1);
  });

  it("places a customer's orders sent at once with different keys, each once (no deadlock)", async () => {
    const countBefore = (await ordersOf(customer)).length;
    const keys = [1, 2, 3, 4].map(() => crypto.randomUUID());
    const answers = await Promise.all(keys.map((key) => order(customer, key)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await ordersOf(customer)).length).toBe(countBefore + 4);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const key = crypto.randomUUID();
    expect((await order(customer, key, 2)).statusCode).toBe(201);
    const stockBefore = await stock();
    const countBefore = (await ordersOf(customer)).length;
    const reused = await order(customer, key, 5);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('already used for another request'),
    });
    expect(await stock()).toBe(stockBefore);
    expect((await ordersOf(customer)).length).toBe(countBefore);
  });

  it('keeps no key for a refused request: the corrected one goes through with it', async () => {
    const key = crypto.randomUUID();
    const refused = await order(customer, key, 1); // below the minimum of 2
    expect(refused.statusCode).toBe(400);
    const rows = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toEqual([]);
    expect((await order(customer, key, 2)).statusCode).toBe(201);
  });

  it('counts keys per customer', async () => {
    const key = crypto.randomUUID();
    const mine = await order(customer, key);
    const theirs = await order(other, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ insertedId: string }>().insertedId).not.toBe(
      mine.json<{ insertedId: string }>().insertedId,
    );
  });

  it('forgets a key after 24 hours', async () => {
    const key = crypto.randomUUID();
    const first = await order(customer, key);
    await t.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await order(customer, key);
    expect(later.statusCode).toBe(201);
    expect(later.json<{ insertedId: string }>().insertedId).not.toBe(
      first.json<{ insertedId: string }>().insertedId,
    );
    await t.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    expect(await purgeExpiredKeys(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('refuses a malformed key with 400 and places nothing', async () => {
    const countBefore = (await ordersOf(customer)).length;
    for (const key of ['', 'x'.repeat(256), 'with space']) {
      const res = await order(customer, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('Idempotency-Key');
    }
    expect((await ordersOf(customer)).length).toBe(countBefore);
  });

  it('places an order per request without the header, as before', async () => {
    const countBefore = (await ordersOf(customer)).length;
    expect((await order(customer, undefined)).statusCode).toBe(201);
    expect((await order(customer, undefined)).statusCode).toBe(201);
    expect((await ordersOf(customer)).length).toBe(countBefore + 2);
  });
});
