import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import { lapsedHolds, orders } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, orderBody, orderRow, payOrder, placeOrder, snapshot, stockOf } from './support/data.ts';

/**
 * Stock cannot be held hostage, and a real buyer is never stopped by that rule (docs/decisions/0156):
 * an unpaid card order holds its stock for PAYMENT_WINDOW_MINUTES only; a buyer is never refused for
 * the size of the order they are about to pay; a buyer whose card checkouts keep lapsing unpaid pauses.
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

async function checkout(user: TestUser, lines: { productId: string; quantity: number }[]) {
  const cart = await t.app.inject({
    method: 'POST',
    url: '/api/cart/lines',
    headers: user.headers,
    payload: { lines },
  });
  if (cart.statusCode !== 200) throw new Error(`cart: ${cart.body}`);
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: user.headers,
    payload: { address: '1 Mill Road, Leeds', phone: '+44 113 496 0000' },
  });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Makes the user's unpaid orders `minutes` old, then runs the expiry job. */
async function age(userId: string, minutes: number) {
  await t.app.db
    .update(orders)
    .set({ createdAt: minutesAgo(minutes) })
    .where(eq(orders.userId, userId));
  return expireUnpaidOrders(t.app);
}

describe('a new buyer about to pay', () => {
  it('places a first order of any size by card, up to the whole stock, by either route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 100, max: 200_000 }),
        fc.boolean(),
        async (quantity, priceCents, byCart) => {
          const newcomer = await createUser(t.app);
          const part = await makeProduct(t.app, { availableQuantity: quantity, priceCents });
          const res = byCart
            ? await checkout(newcomer, [{ productId: part.id, quantity }])
            : await order(newcomer, part.id, quantity);
          expect(res.statusCode, res.body).toBe(201);
          expect(await stockOf(t.app, part.id)).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a $15,000 first order by card, beside another open order, goes through and pays', async () => {
    const newcomer = await createUser(t.app);
    const part = await makeProduct(t.app, { availableQuantity: 100, priceCents: 25_000 });
    const small = await makeProduct(t.app, { availableQuantity: 100, priceCents: 100 });
    expect((await order(newcomer, small.id, 5)).statusCode).toBe(201);
    const res = await checkout(newcomer, [{ productId: part.id, quantity: 60 }]);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Checkout>();
    expect(placed.total).toBe(15_000);
    const [line] = placed.orders;
    await payOrder(t.app, newcomer, line!._id);
    expect(await orderRow(t.app, line!._id)).toMatchObject({ paid: true });
  });
});

describe('the payment window', () => {
  it('an unpaid card order keeps its stock for the window, then gives it back, whoever placed it', async () => {
    const window = t.app.config.PAYMENT_WINDOW_MINUTES;
    const newcomer = await createUser(t.app);
    const regular = await createUser(t.app);
    const part = await makeProduct(t.app, { availableQuantity: 100, priceCents: 100 });
    await payOrder(t.app, regular, await placeOrder(t.app, regular, part.id, 1));
    const held = [
      await placeOrder(t.app, newcomer, part.id, 45),
      await placeOrder(t.app, regular, part.id, 45),
    ];
    expect(await stockOf(t.app, part.id)).toBe(9);

    // Two accounts holding most of the stock: still theirs a minute before the window ends…
    await age(newcomer.id, window - 1);
    await age(regular.id, window - 1);
    for (const id of held) expect(await orderRow(t.app, id)).toMatchObject({ paid: false });
    expect(await stockOf(t.app, part.id)).toBe(9);

    // …and back on sale once it has ended; the paid order stays.
    await age(newcomer.id, window + 1);
    await age(regular.id, window + 1);
    // Cancelled, kept on record (decision 0195), their stock released.
    for (const id of held)
      expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: false });
    expect(await stockOf(t.app, part.id)).toBe(99);
  });
});

describe('a buyer who keeps letting card orders lapse', () => {
  it('pauses after LAPSED_ORDERS_PER_DAY lapses in 24 hours, is told until when, and takes nothing', async () => {
    const limit = t.app.config.LAPSED_ORDERS_PER_DAY;
    const hoarder = await createUser(t.app);
    const bystander = await createUser(t.app);
    const part = await makeProduct(t.app, { availableQuantity: 1000, priceCents: 100 });
    for (let n = 0; n < limit; n++) {
      expect((await order(hoarder, part.id, 400)).statusCode).toBe(201);
      expect(await age(hoarder.id, t.app.config.PAYMENT_WINDOW_MINUTES + 1)).toBe(1);
    }
    expect(await t.app.db.select().from(lapsedHolds).where(eq(lapsedHolds.userId, hoarder.id))).toHaveLength(
      limit,
    );

    const before = await snapshot(t.app);
    const refused = await order(hoarder, part.id, 400);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'UNPAID_HOLD_LIMIT',
      message: expect.stringMatching(
        new RegExp(
          `^${limit} of your card orders in the last 24 hours were not paid within ${t.app.config.PAYMENT_WINDOW_MINUTES} minutes, so their stock went back on sale\\. You can order by card again from \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, or contact us\\.$`,
        ),
      ),
    });
    expect(await snapshot(t.app)).toEqual(before);
    // The checkout route says the same, and takes nothing either.
    expect((await checkout(hoarder, [{ productId: part.id, quantity: 10 }])).statusCode).toBe(400);
    expect(await stockOf(t.app, part.id)).toBe(1000);
    // Someone else is not affected.
    expect((await order(bystander, part.id, 400)).statusCode).toBe(201);

    // A day after the first lapse, card orders resume.
    await t.app.db
      .update(lapsedHolds)
      .set({ lapsedAt: minutesAgo(25 * 60) })
      .where(eq(lapsedHolds.userId, hoarder.id));
    expect((await order(hoarder, part.id, 10)).statusCode).toBe(201);
  });

  it('a lapsed checkout counts once however many lines it had, and a cancel by the buyer is no lapse', async () => {
    const buyer = await createUser(t.app);
    const parts = await Promise.all(
      [1, 2, 3].map(() => makeProduct(t.app, { availableQuantity: 50, priceCents: 100 })),
    );
    const placed = await checkout(
      buyer,
      parts.map((p) => ({ productId: p.id, quantity: 5 })),
    );
    expect(placed.statusCode).toBe(201);
    const own = await placeOrder(t.app, buyer, parts[0]!.id, 5);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${own}`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await age(buyer.id, t.app.config.PAYMENT_WINDOW_MINUTES + 1)).toBe(3);
    const lapses = await t.app.db.select().from(lapsedHolds).where(eq(lapsedHolds.userId, buyer.id));
    expect(lapses.map((l) => l.checkoutId)).toEqual([placed.json<Checkout>()._id]);
    // Every line cancelled (kept on record as such, decision 0195), none left standing.
    const lines = await t.app.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.productId,
          parts.map((p) => p.id),
        ),
      );
    expect(lines.map((line) => line.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });
});
