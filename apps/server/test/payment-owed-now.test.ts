import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import { invoices, orders, testPaymentIntents } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithAdmin, requestAs, type Method } from './support/cast.ts';
import { GOOD_CARD, makeProduct } from './support/data.ts';
import type { FakeStripe } from './support/fake-stripe.ts';
import { deliverSucceeded, startStripeTestApp } from './support/stripe-app.ts';

/**
 * A card payment is for what is owed when it is confirmed: a payment opened before a line of its
 * checkout was cancelled cannot take the old amount, whichever way the line went (the buyer's cancel,
 * an admin's, the expiry of its hold) and whichever provider holds the payment.
 */

const delivery = { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' };

type Place = (t: TestApp, buyer: TestUser, pricesCents: number[]) => Promise<Checkout>;

const place: Place = async (t, buyer, pricesCents) => {
  const parts = await Promise.all(
    pricesCents.map((priceCents) => makeProduct(t.app, { priceCents, availableQuantity: 1000 })),
  );
  const lines = parts.map((p) => ({ productId: p.id, quantity: 2 }));
  const cart = await requestAs(t.app, buyer, 'POST', '/api/cart/lines', { lines });
  if (cart.statusCode !== 200) throw new Error(`cart: ${cart.body}`);
  const res = await requestAs(t.app, buyer, 'POST', '/api/checkout', delivery);
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  return res.json<Checkout>();
};

/** The checkout's lines still standing (a cancelled line stays on record as cancelled: decision 0195). */
const lineRows = (t: TestApp, checkoutId: string) =>
  t.app.db
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), ne(orders.status, 'cancelled')));

type CancelBy = 'buyer' | 'admin' | 'expiry';

describe('a card payment takes what is owed now (test processor)', () => {
  let t: TestApp;
  let admin: TestUser;
  const inject = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);

  beforeAll(async () => ({ t, admin } = await buildAppWithAdmin()));
  afterAll(() => t.close());

  async function cancelLines(buyer: TestUser, ids: string[], by: CancelBy) {
    if (by === 'expiry') {
      // Their hold ran out: the expiry job cancels them, as it would a day later.
      for (const id of ids) {
        await t.app.db
          .update(orders)
          .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
          .where(eq(orders.id, id));
      }
      await expireUnpaidOrders(t.app);
      return;
    }
    for (const id of ids) {
      const res = await inject(by === 'buyer' ? buyer : admin, 'DELETE', `/api/myOrder/${id}`);
      if (res.statusCode !== 200) throw new Error(`cancel: ${res.statusCode} ${res.body}`);
    }
  }

  it('lines cancelled after the card form opened: the old client secret pays only the lines left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 90_000 }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom<CancelBy>('buyer', 'admin', 'expiry'),
        fc.boolean(),
        async (prices, cancelCount, by, providerMissedTheCancel) => {
          const buyer = await createUser(t.app);
          const checkout = await place(t, buyer, prices);
          const open = await inject(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
          expect(open.statusCode, open.body).toBe(200);
          const { clientSecret } = open.json<{ clientSecret: string }>();
          const intentId = clientSecret.split('_secret_')[0]!;

          const rows = await lineRows(t, checkout._id);
          const cancelled = rows.slice(0, Math.min(cancelCount, rows.length - 1));
          await cancelLines(
            buyer,
            cancelled.map((r) => r.id),
            by,
          );
          const left = rows.filter((r) => !cancelled.some((c) => c.id === r.id));
          const owed = left.reduce((sum, r) => sum + r.totalCents, 0);
          if (providerMissedTheCancel) {
            // The adjustment after the cancel did not reach the intent: the confirm re-checks anyway.
            await t.app.db
              .update(testPaymentIntents)
              .set({ amountCents: Math.round(checkout.total * 100) })
              .where(eq(testPaymentIntents.id, intentId));
          } else {
            const [adjusted] = await t.app.db
              .select()
              .from(testPaymentIntents)
              .where(eq(testPaymentIntents.id, intentId));
            expect(adjusted?.amountCents).toBe(owed);
          }

          const paid = await inject(buyer, 'POST', '/api/payments/test-card/confirm', {
            clientSecret,
            ...GOOD_CARD,
          });
          expect(paid.statusCode, paid.body).toBe(200);
          const [intent] = await t.app.db
            .select()
            .from(testPaymentIntents)
            .where(eq(testPaymentIntents.id, intentId));
          // The card gave what is owed now: never the old amount, nothing to refund afterwards.
          expect(intent!.amountReceivedCents - intent!.refundedCents).toBe(owed);
          expect(intent!.amountReceivedCents).toBe(owed);
          const standing = await lineRows(t, checkout._id);
          expect(standing.map((r) => r.paid)).toEqual(left.map(() => true));
          const docs = await t.app.db.select().from(invoices).where(eq(invoices.paymentReference, intentId));
          expect(docs.map((d) => [d.kind, d.totalCents])).toEqual([['invoice', owed]]);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('every line cancelled: the open payment is cancelled and its card form takes nothing', async () => {
    const buyer = await createUser(t.app);
    const checkout = await place(t, buyer, [500, 700]);
    const open = await inject(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    const { clientSecret } = open.json<{ clientSecret: string }>();
    await cancelLines(
      buyer,
      (await lineRows(t, checkout._id)).map((r) => r.id),
      'buyer',
    );
    const res = await inject(buyer, 'POST', '/api/payments/test-card/confirm', {
      clientSecret,
      ...GOOD_CARD,
    });
    expect(res.statusCode).toBe(409);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    expect(intent).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
  });

  it('a payment asking less than is owed takes nothing and says what is owed', async () => {
    const buyer = await createUser(t.app);
    const checkout = await place(t, buyer, [1000]);
    const open = await inject(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    const { clientSecret } = open.json<{ clientSecret: string }>();
    await t.app.db
      .update(testPaymentIntents)
      .set({ amountCents: 100 })
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    const res = await inject(buyer, 'POST', '/api/payments/test-card/confirm', {
      clientSecret,
      ...GOOD_CARD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_AMOUNT_MISMATCH',
      message: expect.stringContaining('$20.00 is owed now'),
    });
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountReceivedCents: 0 });
    expect((await lineRows(t, checkout._id)).map((r) => r.paid)).toEqual([false]);
  });
});

describe('a card payment takes what is owed now (Stripe)', () => {
  let fake: FakeStripe;
  let s: TestApp;
  let signer: Stripe;
  let close: () => Promise<void>;
  let buyer: TestUser;

  beforeAll(async () => {
    ({ fake, s, signer, close } = await startStripeTestApp());
    buyer = await createUser(s.app);
  });
  afterAll(() => close());

  const webhook = (intent: unknown) => deliverSucceeded(s, signer, intent);

  it('a line cancelled before the card is confirmed: the open intent asks only what is left', async () => {
    const checkout = await place(s, buyer, [700, 1100]);
    const open = await requestAs(s.app, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    const intentId = open.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]!;
    expect(fake.intents.get(intentId)?.amount).toBe(3600);
    const [first] = await lineRows(s, checkout._id);
    expect((await requestAs(s.app, buyer, 'DELETE', `/api/myOrder/${first!.id}`)).statusCode).toBe(200);
    const owed = 3600 - first!.totalCents;
    expect(fake.intents.get(intentId)?.amount).toBe(owed);

    // Asked again, the same intent comes back at the new amount; Stripe.js confirms that.
    const again = await requestAs(s.app, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    expect(again.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]).toBe(intentId);
    expect((await webhook(fake.succeed(intentId))).statusCode).toBe(200);
    expect((await lineRows(s, checkout._id)).map((r) => r.paid)).toEqual([true]);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
  });

  it('paid at Stripe at the old amount before the cancel reached it: the difference is refunded at once', async () => {
    const checkout = await place(s, buyer, [700, 1100]);
    const open = await requestAs(s.app, buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    const intentId = open.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]!;
    const intent = fake.succeed(intentId); // the card went through; the webhook is on its way
    const [first] = await lineRows(s, checkout._id);
    expect((await requestAs(s.app, buyer, 'DELETE', `/api/myOrder/${first!.id}`)).statusCode).toBe(200);
    expect((await webhook(intent)).statusCode).toBe(200);

    const owed = 3600 - first!.totalCents;
    expect(fake.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([
      first!.totalCents,
    ]);
    const docs = await s.app.db.select().from(invoices).where(eq(invoices.paymentReference, intentId));
    expect(docs.map((d) => [d.kind, d.totalCents])).toEqual([['invoice', owed]]);
  });
});
