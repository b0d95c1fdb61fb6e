import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { Checkout, ReorderResponse } from '@forgeline/shared/schemas/checkout';
import type { Order } from '@forgeline/shared/schemas/order';
import { SkuSchema } from '@forgeline/shared/schemas/product';
import {
  checkouts,
  invoices,
  orders,
  outboxMessages,
  products,
  testPaymentIntents,
} from '../src/db/schema/index.ts';
import { writeLimitOf } from '../src/plugins/app/write-limits.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithCast, expectRefused, type Cast, requestAs, type Method } from './support/cast.ts';
import { GOOD_CARD, makeProduct, orderBody, stockOf } from './support/data.ts';
import type { FakeStripe } from './support/fake-stripe.ts';
import { deliverSucceeded, startStripeTestApp } from './support/stripe-app.ts';

const delivery = { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' };

const inject = (t: TestApp, user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);

async function addToCart(
  t: TestApp,
  user: TestUser,
  lines: { productId: string; quantity: number }[],
): Promise<Cart> {
  const res = await inject(t, user, 'POST', '/api/cart/lines', { lines });
  if (res.statusCode !== 200) throw new Error(`cart: ${res.statusCode} ${res.body}`);
  return res.json<Cart>();
}

const checkoutRows = (t: TestApp, id: string) =>
  t.app.db.select().from(orders).where(eq(orders.checkoutId, id));

describe('POST /api/checkout (test processor)', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => ({ t, cast } = await buildAppWithCast()));
  afterAll(() => t.close());

  it('is for signed-in buyers only, and an empty cart places nothing', async () => {
    await expectRefused(t.app, () => inject(t, null, 'POST', '/api/checkout', delivery), 401);
    const res = await expectRefused(
      t.app,
      () => inject(t, cast.customerB, 'POST', '/api/checkout', delivery),
      400,
    );
    expect(res.json()).toMatchObject({ message: 'Your cart is empty.' });
  });

  it('places every line at its tier price as one checkout, takes the stock and empties the cart', async () => {
    const bolt = await makeProduct(t.app, {
      name: 'Checkout bolt',
      priceCents: 420,
      minOrder: 50,
      packSize: 10,
      availableQuantity: 1000,
      priceTiers: [
        { minQuantity: 100, priceCents: 400 },
        { minQuantity: 500, priceCents: 390 },
      ],
    });
    const nut = await makeProduct(t.app, { name: 'Checkout nut', priceCents: 8, availableQuantity: 10_000 });
    const cart = await addToCart(t, cast.customerA, [
      { productId: bolt.id, quantity: 500 },
      { productId: nut.id, quantity: 250 },
    ]);
    const res = await inject(t, cast.customerA, 'POST', '/api/checkout', {
      ...delivery,
      poReference: 'PO-4471',
      lines: cart.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      expectedTotal: cart.total,
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<Checkout>();
    expect(checkout).toMatchObject({ poReference: 'PO-4471', total: 1970, paid: false, ...delivery });
    expect(checkout.number).toMatch(/^CO-\d+$/);
    expect(
      checkout.orders.map((o) => [o.productName, o.buyQuantity, o.price, o.totalPrize, o.checkoutId]),
    ).toEqual([
      ['Checkout bolt', 500, 3.9, 1950, checkout._id],
      ['Checkout nut', 250, 0.08, 20, checkout._id],
    ]);
    expect(checkout.orders.every((o) => /^SO-\d+$/.test(o.number) && o.poReference === 'PO-4471')).toBe(true);
    // Order and checkout numbers never read as part numbers: no part may be numbered like them.
    for (const number of [checkout.number, ...checkout.orders.map((o) => o.number)])
      expect(SkuSchema.safeParse(number).success, number).toBe(false);
    expect(await stockOf(t.app, bolt.id)).toBe(500);
    expect(await stockOf(t.app, nut.id)).toBe(9750);
    expect((await inject(t, cast.customerA, 'GET', '/api/cart')).json<Cart>().count).toBe(0);

    // Visible to its buyer and to admins, to no one else.
    const url = `/api/checkouts/${checkout._id}`;
    expect((await inject(t, cast.customerA, 'GET', url)).json<Checkout>().orders).toHaveLength(2);
    expect((await inject(t, cast.admin, 'GET', url)).statusCode).toBe(200);
    expect((await inject(t, cast.customerB, 'GET', url)).statusCode).toBe(404);
    expect((await inject(t, null, 'GET', url)).statusCode).toBe(401);

    // My Orders shows the number, the date and the PO reference of each line.
    const mine = (await inject(t, cast.customerA, 'GET', `/api/myOrders?email=${cast.customerA.email}`)).json<
      Order[]
    >();
    expect(mine.filter((o) => o.checkoutId === checkout._id).map((o) => o.poReference)).toEqual([
      'PO-4471',
      'PO-4471',
    ]);
  });

  it('places nothing when any line fails, with a message on each failing line', async () => {
    const fine = await makeProduct(t.app, { name: 'Fine part', availableQuantity: 100 });
    const short = await makeProduct(t.app, { name: 'Short part', availableQuantity: 100 });
    const packed = await makeProduct(t.app, { name: 'Packed part', packSize: 5, availableQuantity: 100 });
    await addToCart(t, cast.customerB, [
      { productId: fine.id, quantity: 10 },
      { productId: short.id, quantity: 60 },
      { productId: packed.id, quantity: 7 },
    ]);
    // Someone else bought most of the short part after it went into the cart.
    await t.app.db.update(products).set({ availableQuantity: 50 }).where(eq(products.id, short.id));

    const res = await expectRefused(
      t.app,
      () => inject(t, cast.customerB, 'POST', '/api/checkout', delivery),
      400,
    );
    expect(res.json()).toMatchObject({
      message: '2 lines cannot be ordered as they are: nothing was ordered. Please correct your cart.',
      details: {
        [`lines.${short.id}`]: 'Short part: You cannot buy more than availability!',
        [`lines.${packed.id}`]: 'Packed part: Order in multiples of 5 pcs.',
      },
    });
    expect(res.json<{ details: Record<string, string> }>().details[`lines.${fine.id}`]).toBeUndefined();
    await inject(t, cast.customerB, 'DELETE', '/api/cart');
  });

  it('answers 409 with the new figures when a price or tier changed since the buyer looked', async () => {
    const part = await makeProduct(t.app, {
      name: 'Repriced part',
      priceCents: 1000,
      availableQuantity: 500,
      priceTiers: [{ minQuantity: 100, priceCents: 900 }],
    });
    const cart = await addToCart(t, cast.customerB, [{ productId: part.id, quantity: 100 }]);
    expect(cart.lines[0]?.unitPrice).toBe(9);
    await t.app.db
      .update(products)
      .set({ priceTiers: [{ minQuantity: 100, priceCents: 950 }] })
      .where(eq(products.id, part.id));

    const seen = { ...delivery, lines: [{ productId: part.id, quantity: 100, unitPrice: 9 }] };
    const res = await expectRefused(
      t.app,
      () => inject(t, cast.customerB, 'POST', '/api/checkout', seen),
      409,
    );
    const body = res.json<{ code: string; message: string; cart: Cart }>();
    expect(body.code).toBe('PRICE_CHANGED');
    expect(body.message).toContain('Repriced part: now $9.5 per piece');
    expect(body.cart.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([[9.5, 950]]);
    expect(body.cart.total).toBe(950);

    // A changed total alone is refused the same way; agreeing to the new figures places the order.
    const total = await expectRefused(
      t.app,
      () => inject(t, cast.customerB, 'POST', '/api/checkout', { ...delivery, expectedTotal: 900 }),
      409,
    );
    expect(total.json()).toMatchObject({ code: 'TOTAL_MISMATCH', cart: { total: 950 } });
    const ok = await inject(t, cast.customerB, 'POST', '/api/checkout', {
      ...delivery,
      lines: [{ productId: part.id, quantity: 100, unitPrice: 9.5 }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('places only the lines given, which must be in the cart with their quantity', async () => {
    const a = await makeProduct(t.app, { name: 'Line A' });
    const b = await makeProduct(t.app, { name: 'Line B' });
    const stranger = await makeProduct(t.app, { name: 'Not in cart' });
    await addToCart(t, cast.customerB, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 4 },
    ]);
    // A line of no pieces or fewer is refused as such, not as 'your cart changed'.
    for (const quantity of [0, -5]) {
      const none = await expectRefused(
        t.app,
        () =>
          inject(t, cast.customerB, 'POST', '/api/checkout', {
            ...delivery,
            lines: [{ productId: a.id, quantity }],
          }),
        400,
      );
      expect(none.json()).toMatchObject({ details: { 'lines.0.quantity': 'Quantity must be at least 1' } });
    }
    const notInCart = await expectRefused(
      t.app,
      () =>
        inject(t, cast.customerB, 'POST', '/api/checkout', {
          ...delivery,
          lines: [{ productId: stranger.id, quantity: 1 }],
        }),
      400,
    );
    expect(notInCart.json()).toMatchObject({
      details: { [`lines.${stranger.id}`]: 'This part is not in your cart.' },
    });
    const otherQuantity = await expectRefused(
      t.app,
      () =>
        inject(t, cast.customerB, 'POST', '/api/checkout', {
          ...delivery,
          lines: [{ productId: a.id, quantity: 5 }],
        }),
      409,
    );
    expect(otherQuantity.json()).toMatchObject({ code: 'CART_CHANGED' });

    const res = await inject(t, cast.customerB, 'POST', '/api/checkout', {
      ...delivery,
      lines: [{ productId: a.id, quantity: 3 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Checkout>().orders.map((o) => o.productName)).toEqual(['Line A']);
    const left = (await inject(t, cast.customerB, 'GET', '/api/cart')).json<Cart>();
    expect(left.lines.map((l) => l.name)).toEqual(['Line B']);
    await inject(t, cast.customerB, 'DELETE', '/api/cart');
  });

  it('refuses a PO reference over the limit and a bad phone, storing nothing', async () => {
    const part = await makeProduct(t.app);
    await addToCart(t, cast.customerB, [{ productId: part.id, quantity: 1 }]);
    const long = await expectRefused(
      t.app,
      () => inject(t, cast.customerB, 'POST', '/api/checkout', { ...delivery, poReference: 'P'.repeat(101) }),
      400,
    );
    expect(long.json()).toMatchObject({
      details: { poReference: 'PO reference must be 100 characters or fewer' },
    });
    await expectRefused(
      t.app,
      () => inject(t, cast.customerB, 'POST', '/api/checkout', { ...delivery, phone: 'call me' }),
      400,
    );
    await inject(t, cast.customerB, 'DELETE', '/api/cart');
  });

  it('a retry with the same Idempotency-Key answers the first checkout instead of placing a second', async () => {
    const buyer = await createUser(t.app);
    const part = await makeProduct(t.app, { availableQuantity: 100 });
    await addToCart(t, buyer, [{ productId: part.id, quantity: 4 }]);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { ...buyer.headers, 'idempotency-key': 'checkout-retry-1' },
        payload: delivery,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Checkout>()._id).toBe(first.json<Checkout>()._id);
    expect(await t.app.db.select().from(checkouts).where(eq(checkouts.userId, buyer.id))).toHaveLength(1);
    expect(await stockOf(t.app, part.id)).toBe(96);
  });

  it('two buyers checking out the last units of two products in opposite order: no deadlock, no oversell', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [buyerA, buyerB] = await Promise.all([createUser(t.app), createUser(t.app)]);
      const p1 = await makeProduct(t.app, { name: `Last gear ${round}`, availableQuantity: 15 });
      const p2 = await makeProduct(t.app, { name: `Last shaft ${round}`, availableQuantity: 15 });
      // A's cart lists p1 then p2, B's p2 then p1: without a fixed lock order they would lock in a circle.
      await addToCart(t, buyerA, [
        { productId: p1.id, quantity: 10 },
        { productId: p2.id, quantity: 10 },
      ]);
      await addToCart(t, buyerB, [
        { productId: p2.id, quantity: 10 },
        { productId: p1.id, quantity: 10 },
      ]);
      const results = await Promise.all([
        inject(t, buyerA, 'POST', '/api/checkout', delivery),
        inject(t, buyerB, 'POST', '/api/checkout', delivery),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 400]);
      expect([await stockOf(t.app, p1.id), await stockOf(t.app, p2.id)]).toEqual([5, 5]);
      // The loser placed nothing at all and keeps their cart.
      const loser = results[0]!.statusCode === 400 ? buyerA : buyerB;
      expect((await inject(t, loser, 'GET', '/api/cart')).json<Cart>().count).toBe(2);
      const placed = await t.app.db.select().from(orders).where(eq(orders.userId, loser.id));
      expect(placed).toEqual([]);
    }
  });

  it('one card payment settles every line exactly once, with one invoice listing them', async () => {
    const buyer = await createUser(t.app);
    const [p1, p2, p3] = await Promise.all(
      [1, 2, 3].map((n) => makeProduct(t.app, { name: `Paid part ${n}`, priceCents: 100 * n })),
    );
    await addToCart(t, buyer, [
      { productId: p1!.id, quantity: 2 },
      { productId: p2!.id, quantity: 2 },
      { productId: p3!.id, quantity: 2 },
    ]);
    const checkout = (
      await inject(t, buyer, 'POST', '/api/checkout', { ...delivery, poReference: 'PO-PAY' })
    ).json<Checkout>();
    expect(checkout.total).toBe(12);

    // Someone else cannot open or pay it.
    expect(
      (await inject(t, cast.customerB, 'POST', `/api/checkouts/${checkout._id}/payment-intent`)).statusCode,
    ).toBe(404);
    const intent = await inject(t, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    // Asked again, the same open intent comes back.
    expect((await inject(t, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`)).json()).toEqual({
      clientSecret,
    });
    const [intentRow] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    expect(intentRow).toMatchObject({ amountCents: 1200, checkoutId: checkout._id, orderId: null });

    // A made-up payment id is said to be unknown (as for one order), not made for something else.
    const madeUp = await expectRefused(
      t.app,
      () =>
        inject(t, buyer, 'PATCH', `/api/checkouts/${checkout._id}`, {
          transactionId: 'pi_doesnotexist000000000000',
        }),
      409,
    );
    expect(madeUp.json()).toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
      message: 'No payment with that transaction id was found.',
    });

    // The card form's confirm and a repeated browser PATCH race: each line is paid once.
    const paid = await inject(t, buyer, 'POST', '/api/payments/test-card/confirm', {
      clientSecret,
      ...GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const transactionId = paid.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    const patches = await Promise.all(
      [1, 2].map(() => inject(t, buyer, 'PATCH', `/api/checkouts/${checkout._id}`, { transactionId })),
    );
    expect(patches.map((p) => p.json<{ modifiedCount: number }>().modifiedCount)).toEqual([0, 0]);

    const rows = await checkoutRows(t, checkout._id);
    expect(rows.map((r) => [r.paid, r.transactionId])).toEqual([
      [true, transactionId],
      [true, transactionId],
      [true, transactionId],
    ]);
    const docs = await t.app.db.select().from(invoices).where(eq(invoices.paymentReference, transactionId));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: 'invoice',
      totalCents: 1200,
      poReference: 'PO-PAY',
      checkoutId: checkout._id,
    });
    expect(docs[0]!.lines.map((l) => [l.reference, l.quantity, l.totalCents])).toEqual(
      rows
        .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }))
        .map((r) => [r.number, 2, r.totalCents]),
    );
    expect((await inject(t, buyer, 'GET', `/api/checkouts/${checkout._id}`)).json<Checkout>().paid).toBe(
      true,
    );
    // Paid: a second intent is refused.
    expect((await inject(t, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`)).statusCode).toBe(
      409,
    );

    // One receipt for the checkout, not one per line.
    const mails = await t.app.db
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, buyer.email));
    const subjects = mails.map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Payment received'))).toEqual([
      `Payment received: ${checkout.number} (PO PO-PAY)`,
    ]);

    // Cancelling one paid line refunds that line only, with a credit note for it.
    const line = rows.find((r) => r.productId === p2!.id)!;
    const cancel = await inject(t, cast.admin, 'DELETE', `/api/myOrder/${line.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [after] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, transactionId));
    expect(after).toMatchObject({ amountReceivedCents: 1200, refundedCents: 400 });
    const notes = await t.app.db.select().from(invoices).where(eq(invoices.refundedOrderId, line.id));
    expect(notes.map((n) => [n.kind, n.totalCents])).toEqual([['credit_note', 400]]);
    const standing = (await inject(t, buyer, 'GET', `/api/checkouts/${checkout._id}`)).json<Checkout>();
    expect(standing.orders.map((o) => [o.productName, o.paid])).toEqual([
      ['Paid part 1', true],
      ['Paid part 3', true],
    ]);
    expect(standing.total).toBe(8);
  });

  it('POST /api/order charges the tier price and enforces pack multiples and the maximum', async () => {
    const part = await makeProduct(t.app, {
      priceCents: 500,
      minOrder: 10,
      packSize: 10,
      maxOrder: 200,
      availableQuantity: 1000,
      priceTiers: [{ minQuantity: 100, priceCents: 450 }],
    });
    const buyer = await createUser(t.app);
    const ok = await inject(
      t,
      buyer,
      'POST',
      '/api/order',
      orderBody(part.id, 100, { price: 4.5, totalPrize: 450 }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, ok.json<{ insertedId: string }>().insertedId));
    expect(row).toMatchObject({ priceCents: 450, totalCents: 45_000 });
    expect(row!.checkoutId).not.toBeNull();

    // The base price at a tier quantity is a stale figure: 409.
    const stale = await expectRefused(
      t.app,
      () => inject(t, buyer, 'POST', '/api/order', orderBody(part.id, 100, { price: 5 })),
      409,
    );
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    const multiple = await expectRefused(
      t.app,
      () => inject(t, buyer, 'POST', '/api/order', orderBody(part.id, 15)),
      400,
    );
    expect(multiple.json()).toMatchObject({ details: { buyQuantity: 'Order in multiples of 10 pcs.' } });
    const most = await expectRefused(
      t.app,
      () => inject(t, buyer, 'POST', '/api/order', orderBody(part.id, 210)),
      400,
    );
    expect(most.json()).toMatchObject({
      details: { buyQuantity: 'You can order at most 200 pcs of this part at a time.' },
    });
  });

  it('one checkout counts once against the order rate limit, shared with POST /api/order', async () => {
    const buyer = await createUser(t.app);
    const part = await makeProduct(t.app, { availableQuantity: 100_000 });
    const lines = await Promise.all(
      [1, 2, 3, 4, 5].map(() => makeProduct(t.app, { availableQuantity: 100 })),
    );
    for (let i = 0; i < writeLimitOf('POST /api/order').perAccount - 1; i += 1) {
      const res = await inject(t, buyer, 'POST', '/api/order', orderBody(part.id, 1));
      expect(res.statusCode, res.body).toBe(201);
    }
    await addToCart(
      t,
      buyer,
      lines.map((p) => ({ productId: p.id, quantity: 1 })),
    );
    const checkout = await inject(t, buyer, 'POST', '/api/checkout', delivery);
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect(checkout.json<Checkout>().orders).toHaveLength(5);
    // The budget is spent: the 31st placement of either kind is refused.
    expect((await inject(t, buyer, 'POST', '/api/order', orderBody(part.id, 1))).statusCode).toBe(429);
    await addToCart(t, buyer, [{ productId: part.id, quantity: 1 }]);
    expect((await inject(t, buyer, 'POST', '/api/checkout', delivery)).statusCode).toBe(429);
  });

  it('reorder puts the same parts back in the cart with what changed since', async () => {
    const buyer = await createUser(t.app);
    const same = await makeProduct(t.app, { name: 'Same part', priceCents: 300, availableQuantity: 100 });
    const dearer = await makeProduct(t.app, { name: 'Dearer part', priceCents: 200, availableQuantity: 100 });
    const packed = await makeProduct(t.app, { name: 'Now packed', priceCents: 100, availableQuantity: 100 });
    const gone = await makeProduct(t.app, {
      name: 'Sold out part',
      priceCents: 100,
      availableQuantity: 20,
      minOrder: 5,
    });
    await addToCart(t, buyer, [
      { productId: same.id, quantity: 10 },
      { productId: dearer.id, quantity: 10 },
      { productId: packed.id, quantity: 7 },
      { productId: gone.id, quantity: 5 },
    ]);
    const checkout = (await inject(t, buyer, 'POST', '/api/checkout', delivery)).json<Checkout>();
    await t.app.db.update(products).set({ priceCents: 250 }).where(eq(products.id, dearer.id));
    await t.app.db.update(products).set({ packSize: 5, minOrder: 5 }).where(eq(products.id, packed.id));
    await t.app.db.update(products).set({ availableQuantity: 3 }).where(eq(products.id, gone.id));

    expect(
      (await inject(t, cast.customerB, 'POST', `/api/checkouts/${checkout._id}/reorder`)).statusCode,
    ).toBe(404);
    const res = await inject(t, buyer, 'POST', `/api/checkouts/${checkout._id}/reorder`);
    expect(res.statusCode, res.body).toBe(200);
    const { cart, changes } = res.json<ReorderResponse>();
    // The lines' order follows the cart's (lines added in one request may tie): compare by name.
    const byName = [...changes].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map((c) => [c.name, c.was, c.now, c.note])).toEqual([
      [
        'Dearer part',
        { unitPrice: 2, quantity: 10 },
        { unitPrice: 2.5, quantity: 10 },
        'Price per piece $2.00 → $2.50.',
      ],
      [
        'Now packed',
        { unitPrice: 1, quantity: 7 },
        { unitPrice: 1, quantity: 10 },
        'Quantity 7 → 10 (minimum 5, packs of 5).',
      ],
      ['Same part', { unitPrice: 3, quantity: 10 }, { unitPrice: 3, quantity: 10 }, 'Unchanged.'],
      ['Sold out part', { unitPrice: 1, quantity: 5 }, null, 'Out of stock: not added.'],
    ]);
    expect(cart.lines.map((l) => [l.name, l.quantity, l.problem]).sort()).toEqual([
      ['Dearer part', 10, null],
      ['Now packed', 10, null],
      ['Same part', 10, null],
    ]);

    // One past order alone.
    await inject(t, buyer, 'DELETE', '/api/cart');
    const order = checkout.orders.find((o) => o.productName === 'Same part')!;
    const single = await inject(t, buyer, 'POST', `/api/order/${order._id}/reorder`);
    expect(single.json<ReorderResponse>().cart.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Same part', 10],
    ]);
    expect((await inject(t, cast.customerB, 'POST', `/api/order/${order._id}/reorder`)).statusCode).toBe(404);
  });

  it('GET /api/myOrders.csv: own orders only, number, date and PO, formula-safe cells', async () => {
    const buyer = await createUser(t.app);
    const part = await makeProduct(t.app, { name: '@SUM(A1) washer', priceCents: 125 });
    await addToCart(t, buyer, [{ productId: part.id, quantity: 4 }]);
    const checkout = (
      await inject(t, buyer, 'POST', '/api/checkout', {
        ...delivery,
        poReference: '=HYPERLINK("http://x","y")',
      })
    ).json<Checkout>();
    expect((await inject(t, null, 'GET', '/api/myOrders.csv')).statusCode).toBe(401);
    const res = await inject(t, buyer, 'GET', '/api/myOrders.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="forgeline-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, ...rest] = res.body.trim().split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toBe(
      'Order number,Date,Checkout,PO reference,Product Name,Price Per Unit,Buy Quantity,Total Price,Payment,Transaction id,Status,Part number,Customer part number',
    );
    const order = checkout.orders[0]!;
    expect(row).toBe(
      `${order.number},${order.createdAt},${checkout.number},"'=HYPERLINK(""http://x"",""y"")",'@SUM(A1) washer,1.25,4,5.00,Pending,,Pending,${part.sku},`,
    );
  });
});

describe('checkout payment with Stripe (real SDK against a local fake)', () => {
  let fake: FakeStripe;
  let s: TestApp;
  let signer: Stripe;
  let close: () => Promise<void>;
  let buyer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ fake, s, signer, close } = await startStripeTestApp());
    [buyer, admin] = await Promise.all([createUser(s.app), createUser(s.app, { admin: true })]);
  });
  afterAll(() => close());

  const webhook = (intent: unknown) => deliverSucceeded(s, signer, intent);

  it('a new buyer may check out most of a scarce part by card: the payment window bounds the hold', async () => {
    const newcomer = await createUser(s.app);
    const part = await makeProduct(s.app, { name: 'Scarce part', availableQuantity: 10 });
    await addToCart(s, newcomer, [{ productId: part.id, quantity: 8 }]);
    const res = await inject(s, newcomer, 'POST', '/api/checkout', delivery);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('confirm and webhook both arrive: every line paid once; one line cancelled refunds that line only', async () => {
    const parts = await Promise.all(
      [700, 1100].map((priceCents) => makeProduct(s.app, { priceCents, availableQuantity: 50 })),
    );
    await addToCart(
      s,
      buyer,
      parts.map((p) => ({ productId: p.id, quantity: 3 })),
    );
    const checkout = (await inject(s, buyer, 'POST', '/api/checkout', delivery)).json<Checkout>();
    const open = await inject(s, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    expect(open.statusCode, open.body).toBe(200);
    const intentId = open.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]!;
    expect(fake.intents.get(intentId)).toMatchObject({
      amount: 5400,
      metadata: { checkoutId: checkout._id, app: 'forgeline' },
    });

    const intent = fake.succeed(intentId);
    const [confirm, hook, again] = await Promise.all([
      inject(s, buyer, 'PATCH', `/api/checkouts/${checkout._id}`, { transactionId: intentId }),
      webhook(intent),
      webhook(intent),
    ]);
    expect([confirm.statusCode, hook.statusCode, again.statusCode], confirm.body).toEqual([200, 200, 200]);
    const rows = await checkoutRows(s, checkout._id);
    expect(rows.map((r) => [r.paid, r.transactionId])).toEqual([
      [true, intentId],
      [true, intentId],
    ]);
    const paidAt = rows.map((r) => r.paidAt?.toISOString());
    expect(
      await s.app.db.select().from(invoices).where(eq(invoices.paymentReference, intentId)),
    ).toHaveLength(1);
    // Nothing was refunded: the payment covered exactly its lines.
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
    // A late redelivery changes nothing.
    expect((await webhook(intent)).statusCode).toBe(200);
    expect((await checkoutRows(s, checkout._id)).map((r) => r.paidAt?.toISOString())).toEqual(paidAt);

    const line = rows.find((r) => r.productId === parts[1]!.id)!;
    const cancel = await inject(s, admin, 'DELETE', `/api/myOrder/${line.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: 3300, idempotencyKey: `forgeline-refund-${intentId}-${line.id}` }),
    ]);
    // The cancelled line stays on record; the other one stands.
    const after = new Map((await checkoutRows(s, checkout._id)).map((r) => [r.productId, r.status]));
    expect([after.get(parts[0]!.id), after.get(parts[1]!.id)]).toEqual(['pending', 'cancelled']);
    const [row] = await s.app.db.select().from(checkouts).where(eq(checkouts.id, checkout._id));
    expect(row?.paymentIntentId).toBe(intentId);
  });
});
