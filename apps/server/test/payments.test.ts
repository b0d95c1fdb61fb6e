import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { outboxMessages, paymentEvents, testPaymentIntents } from '../src/db/schema/index.ts';
import {
  createPaymentProvider,
  StripePaymentProvider,
  TestPaymentProvider,
} from '../src/modules/payments/providers/index.ts';
import { luhnValid } from '@forgeline/shared/cards';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, type Method, type Role } from './support/cast.ts';
import type { FakeStripe } from './support/fake-stripe.ts';
import { FAKE_STRIPE_WEBHOOK_SECRET, startStripeTestApp } from './support/stripe-app.ts';
import {
  clientSecretFor,
  GOOD_CARD,
  makeProduct,
  orderRow,
  payOrder,
  placeOrder,
  snapshot,
  stockOf,
} from './support/data.ts';

const nextYear = new Date().getUTCFullYear() + 1;

describe('the built-in test card processor', () => {
  let t: TestApp;
  let customerA: TestUser;
  let customerB: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    [customerA, customerB, admin] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app, { admin: true }),
    ]);
  });
  afterAll(() => t.close());

  const confirm = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/payments/test-card/confirm', headers: user.headers, payload });
  const newOrder = async (user: TestUser = customerA, priceCents = 1250, quantity = 2) => {
    const product = await makeProduct(t.app, { priceCents, availableQuantity: 1000 });
    return placeOrder(t.app, user, product.id, quantity);
  };

  it('GET /api/config names the test processor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      payments: { provider: 'test', publishableKey: null },
      orders: { paymentWindowMinutes: 30 },
    });
  });

  it('opens an intent for the order total whatever the body says, and reuses it', async () => {
    const orderId = await newOrder(customerA, 1250, 2);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: customerA.headers,
      payload: { orderId, totalPrize: 0.01 },
    });
    expect(first.statusCode).toBe(200);
    const { clientSecret } = first.json<{ clientSecret: string }>();
    expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    expect(intent).toMatchObject({
      orderId,
      amountCents: 2500,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect(await clientSecretFor(t.app, customerA, orderId)).toBe(clientSecret);
    // Parallel calls agree on one open intent too.
    const orderId2 = await newOrder();
    const secrets = await Promise.all(
      Array.from({ length: 5 }, () => clientSecretFor(t.app, customerA, orderId2)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect((await orderRow(t.app, orderId2))?.paymentIntentId).toBe(secrets[0]!.split('_secret_')[0]);
  });

  it('4242 4242 4242 4242 succeeds and pays the order; only brand and last 4 are kept', async () => {
    const orderId = await newOrder(customerA, 1250, 2);
    const clientSecret = await clientSecretFor(t.app, customerA, orderId);
    const res = await confirm(customerA, { clientSecret, ...GOOD_CARD });
    expect(res.statusCode, res.body).toBe(200);
    const { paymentIntent } = res.json<{
      paymentIntent: { id: string; status: string; amount: number; currency: string };
    }>();
    expect(paymentIntent).toEqual({
      id: expect.stringMatching(/^pi_[A-Za-z0-9]{24}$/),
      status: 'succeeded',
      amount: 2500,
      currency: 'usd',
    });
    const order = await orderRow(t.app, orderId);
    expect(order).toMatchObject({
      paid: true,
      transactionId: paymentIntent.id,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: customerA.headers,
    });
    expect(shown.json()).toMatchObject({ paid: true, transactionId: paymentIntent.id });
    // The card number is nowhere in the database.
    expect(JSON.stringify(await snapshot(t.app))).not.toMatch(/4242424242424242|4242 4242 4242 4242/);
    // PATCH afterwards (what the SPA does next) confirms without a second change.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: customerA.headers,
      payload: { transactionId: paymentIntent.id, order: { anything: true } },
    });
    expect(patch.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    // Paying it again is refused.
    const again = await expectRefused(t.app, () => confirm(customerA, { clientSecret, ...GOOD_CARD }), 409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.', 'generic_decline'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.', undefined],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect.", undefined],
    ['4242 4242 4242 4241', 'incorrect_number', 'Your card number is incorrect.', undefined],
    ['1234', 'incorrect_number', 'Your card number is incorrect.', undefined],
  ])(
    '%s is refused with 402 %s and the order stays unpaid',
    async (cardNumber, code, message, declineCode) => {
      const orderId = await newOrder();
      const clientSecret = await clientSecretFor(t.app, customerA, orderId);
      const res = await confirm(customerA, { clientSecret, ...GOOD_CARD, cardNumber });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message, code, ...(declineCode && { declineCode }) });
      expect(await orderRow(t.app, orderId)).toMatchObject({ paid: false, transactionId: null });
      const [intent] = await t.app.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.clientSecret, clientSecret));
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        amountReceivedCents: 0,
        cardLast4: null,
      });
      // The same intent can still be paid with a good card afterwards.
      expect((await confirm(customerA, { clientSecret, ...GOOD_CARD })).statusCode).toBe(200);
    },
  );

  it.each([
    [{ expYear: 2020 }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
    [{ expMonth: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    [{ expMonth: 0 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    [{ cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
    [{ cvc: 'abc' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('refuses %o with %s', async (override, code, message) => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(t.app, customerA, orderId);
    const res = await confirm(customerA, { clientSecret, ...GOOD_CARD, ...override });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message, code });
    expect((await orderRow(t.app, orderId))?.paid).toBe(false);
  });

  it('accepts any other number valid by Luhn, with its brand', async () => {
    expect(luhnValid('5555555555554444')).toBe(true);
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(t.app, customerA, orderId);
    const res = await confirm(customerA, {
      clientSecret,
      cardNumber: '5555555555554444',
      expMonth: '1',
      expYear: String(nextYear % 100),
      cvc: '999',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t.app, orderId)).toMatchObject({
      paid: true,
      cardBrand: 'mastercard',
      cardLast4: '4444',
    });
  });

  it("PATCH /api/order/:id: another order's payment, a failed one, a smaller one or a made-up id leave the order unpaid", async () => {
    const paidOrder = await newOrder();
    const paidTx = await payOrder(t.app, customerA, paidOrder);
    const target = await newOrder();
    const patch = (transactionId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/${target}`,
        headers: customerA.headers,
        payload: { transactionId },
      });

    expect((await expectRefused(t.app, () => patch(paidTx), 409)).json().code).toBe('PAYMENT_ORDER_MISMATCH');

    // A declined attempt on the order's own intent.
    const secret = await clientSecretFor(t.app, customerA, target);
    expect(
      (await confirm(customerA, { clientSecret: secret, ...GOOD_CARD, cardNumber: '4000000000000002' }))
        .statusCode,
    ).toBe(402);
    expect((await expectRefused(t.app, () => patch(secret.split('_secret_')[0]!), 409)).json().code).toBe(
      'PAYMENT_NOT_SUCCEEDED',
    );

    // A succeeded payment for less than the total (made directly in the processor's table).
    await t.app.db.insert(testPaymentIntents).values({
      id: 'pi_smallerpaymentforthetest1',
      clientSecret: 'pi_smallerpaymentforthetest1_secret_x',
      orderId: target,
      amountCents: 100,
      amountReceivedCents: 100,
      currency: 'usd',
      status: 'succeeded',
    });
    expect((await expectRefused(t.app, () => patch('pi_smallerpaymentforthetest1'), 409)).json().code).toBe(
      'PAYMENT_AMOUNT_MISMATCH',
    );

    expect((await expectRefused(t.app, () => patch('pi_doesnotexist000000000000'), 409)).json().code).toBe(
      'PAYMENT_NOT_FOUND',
    );
    expect((await expectRefused(t.app, () => patch('ch_notapaymentintent'), 400)).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await expectRefused(t.app, () => patch(''), 400)).json().details).toHaveProperty('transactionId');
    expect(await orderRow(t.app, target)).toMatchObject({ paid: false, transactionId: null });
  });

  it('a cancelled order can no longer be paid', async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(t.app, customerA, orderId);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/myOrder/${orderId}`, headers: customerA.headers }))
        .statusCode,
    ).toBe(200);
    const res = await expectRefused(t.app, () => confirm(customerA, { clientSecret, ...GOOD_CARD }), 409);
    expect(res.json().code).toBe('ORDER_CANCELLED');
  });

  it('POST /api/webhooks/stripe is not there without Stripe', async () => {
    await expectRefused(
      t.app,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        }),
      404,
    );
  });

  describe('authorization matrix', () => {
    /** Acting on A's order: only A may; B is told it does not exist, and an admin is refused. */
    const ONLY_A_MAY: [Role, number][] = [
      ['visitor', 401],
      ['customerA', 200],
      ['customerB', 404],
      ['admin', 403],
    ];
    const headersOf = (role: Role): Record<string, string> =>
      role === 'visitor' ? {} : { customerA: customerA, customerB: customerB, admin: admin }[role].headers;
    const callAs = (role: Role, method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headersOf(role), ...(payload && { payload }) });

    it.each(ONLY_A_MAY)("POST /api/create-payment-intent for A's order as %s → %i", async (role, status) => {
      const orderId = await newOrder();
      const call = () => callAs(role, 'POST', '/api/create-payment-intent', { orderId });
      if (status !== 200) return void (await expectRefused(t.app, call, status));
      expect((await call()).statusCode).toBe(200);
      expect((await orderRow(t.app, orderId))?.paymentIntentId).toMatch(/^pi_/);
    });

    it.each([
      ['visitor', 401],
      ['customerA', 200],
      ['customerB', 404],
      ['admin', 404],
    ] as [Role, number][])(
      "POST /api/payments/test-card/confirm with A's secret as %s → %i",
      async (role, status) => {
        const orderId = await newOrder();
        const clientSecret = await clientSecretFor(t.app, customerA, orderId);
        const call = () =>
          callAs(role, 'POST', '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD });
        if (status !== 200) return void (await expectRefused(t.app, call, status));
        expect((await call()).statusCode).toBe(200);
        expect((await orderRow(t.app, orderId))?.paid).toBe(true);
      },
    );

    it.each(ONLY_A_MAY)(
      "PATCH /api/order/<A's> with A's succeeded payment as %s → %i",
      async (role, status) => {
        const orderId = await newOrder();
        // Paid at the processor but not yet recorded on the order (as when the browser closed in between).
        const clientSecret = await clientSecretFor(t.app, customerA, orderId);
        const intentId = clientSecret.split('_secret_')[0]!;
        await t.app.db
          .update(testPaymentIntents)
          .set({ status: 'succeeded', amountReceivedCents: 2500 })
          .where(eq(testPaymentIntents.id, intentId));
        const call = () => callAs(role, 'PATCH', `/api/order/${orderId}`, { transactionId: intentId });
        if (status !== 200) {
          await expectRefused(t.app, call, status);
          expect((await orderRow(t.app, orderId))?.paid).toBe(false);
          return;
        }
        expect((await call()).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
        expect(await orderRow(t.app, orderId)).toMatchObject({ paid: true, transactionId: intentId });
      },
    );

    it.each(['visitor', 'customerA', 'customerB', 'admin'] as Role[])(
      'GET /api/config as %s → 200',
      async (role) => {
        await expectRefused(t.app, () => callAs(role, 'GET', '/api/config'), 200);
      },
    );
  });

  it('the test processor is refused in production unless PAYMENTS=test', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: t.dataDir };
    expect(() => createPaymentProvider(parseEnv(base), t.app.db)).toThrow(/refused in production/);
    expect(createPaymentProvider(parseEnv({ ...base, PAYMENTS: 'test' }), t.app.db)).toBeInstanceOf(
      TestPaymentProvider,
    );
    const stripeEnv = {
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(createPaymentProvider(parseEnv(stripeEnv), t.app.db)).toBeInstanceOf(StripePaymentProvider);
  });
});

describe('the Stripe provider, through the real SDK against a local fake Stripe', () => {
  const webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET;
  let fake: FakeStripe;
  let s: TestApp;
  let signer: Stripe;
  let close: () => Promise<void>;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ fake, s, signer, close } = await startStripeTestApp());
    [customer, admin] = await Promise.all([createUser(s.app), createUser(s.app, { admin: true })]);
  });
  afterAll(() => close());

  const newOrder = async (priceCents = 999, quantity = 3) => {
    const product = await makeProduct(s.app, { priceCents, availableQuantity: 100 });
    return { orderId: await placeOrder(s.app, customer, product.id, quantity), productId: product.id };
  };
  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
  const patch = (orderId: string, transactionId: string) =>
    s.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: customer.headers,
      payload: { transactionId },
    });

  const event = (type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
  const deliver = (payload: string, signature?: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined && { 'stripe-signature': signature }),
      },
      payload,
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.timestamp && { timestamp: options.timestamp }),
    });

  it('GET /api/config names Stripe with its publishable key', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      payments: { provider: 'stripe', publishableKey: 'pk_test_forgeline_fake' },
      orders: { paymentWindowMinutes: 30 },
    });
    // The test processor's card endpoint does not exist with Stripe.
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/payments/test-card/confirm',
          headers: customer.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates the intent at Stripe for the order total, bound to the order, and reuses it', async () => {
    const { orderId } = await newOrder(999, 3);
    const secret = await clientSecretFor(s.app, customer, orderId);
    const intent = fake.intents.get(intentIdOf(secret));
    expect(intent).toMatchObject({ amount: 2997, currency: 'usd', metadata: { orderId, app: 'forgeline' } });
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.at(-1)?.idempotencyKey).toBe(`forgeline-order-${orderId}-first`);
    expect(await clientSecretFor(s.app, customer, orderId)).toBe(secret);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toHaveLength(
      creates.length,
    );
  });

  it('PATCH marks the order paid only once Stripe says the payment succeeded in full, once', async () => {
    const { orderId } = await newOrder(999, 3);
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, orderId));

    expect((await expectRefused(s.app, () => patch(orderId, intentId), 409)).json().code).toBe(
      'PAYMENT_NOT_SUCCEEDED',
    );
    fake.succeed(intentId, 2996);
    expect((await expectRefused(s.app, () => patch(orderId, intentId), 409)).json().code).toBe(
      'PAYMENT_AMOUNT_MISMATCH',
    );
    expect((await expectRefused(s.app, () => patch(orderId, 'pi_madeup1234567890'), 409)).json().code).toBe(
      'PAYMENT_NOT_FOUND',
    );

    fake.succeed(intentId);
    const results = await Promise.all(Array.from({ length: 5 }, () => patch(orderId, intentId)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json<{ modifiedCount: number }>().modifiedCount).sort()).toEqual([
      0, 0, 0, 0, 1,
    ]);
    expect(await orderRow(s.app, orderId)).toMatchObject({
      paid: true,
      transactionId: intentId,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it("refuses another order's succeeded payment", async () => {
    const first = await newOrder();
    const second = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, first.orderId));
    fake.succeed(intentId);
    expect((await expectRefused(s.app, () => patch(second.orderId, intentId), 409)).json().code).toBe(
      'PAYMENT_ORDER_MISMATCH',
    );
  });

  it('a signed payment_intent.succeeded pays the order, once per event id', async () => {
    const { orderId } = await newOrder(500, 2);
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, orderId));
    const intent = fake.succeed(intentId);
    const payload = event('payment_intent.succeeded', intent, 'evt_pays_once');

    const first = await deliver(payload, sign(payload));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const paid = await orderRow(s.app, orderId);
    expect(paid).toMatchObject({ paid: true, transactionId: intentId });

    const before = await snapshot(s.app);
    const again = await deliver(payload, sign(payload));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await snapshot(s.app)).toEqual(before);
    expect(
      await s.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_pays_once')),
    ).toHaveLength(1);

    // Another event for the same payment, or a PATCH after it: no second change.
    const other = event('payment_intent.succeeded', intent);
    expect((await deliver(other, sign(other))).statusCode).toBe(200);
    expect((await patch(orderId, intentId)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect(await orderRow(s.app, orderId)).toEqual(paid);

    // The customer got one receipt for it, whatever the number of events.
    const receipts = await s.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, customer.email));
    expect(receipts.filter((mail) => mail.textBody.includes(`Transaction id: ${intentId}`))).toHaveLength(1);
  });

  it('events arriving in any order: a failure after success changes nothing; unknown types are recorded and ignored', async () => {
    const { orderId } = await newOrder(500, 2);
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, orderId));
    const succeeded = event('payment_intent.succeeded', fake.succeed(intentId));
    const failedLater = event('payment_intent.payment_failed', {
      ...fake.intents.get(intentId),
      status: 'requires_payment_method',
    });
    expect((await deliver(failedLater, sign(failedLater))).statusCode).toBe(200);
    expect((await orderRow(s.app, orderId))?.paid).toBe(false);
    expect((await deliver(succeeded, sign(succeeded))).statusCode).toBe(200);
    expect((await orderRow(s.app, orderId))?.paid).toBe(true);
  });

  it('refuses webhooks with a missing, wrong or stale signature, or a tampered body', async () => {
    const { orderId } = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, orderId));
    const payload = event('payment_intent.succeeded', fake.succeed(intentId));
    const stale = Math.floor(Date.now() / 1000) - 3600;
    for (const [label, body, signature] of [
      ['missing', payload, undefined],
      ['wrong secret', payload, sign(payload, { secret: 'whsec_not_ours' })],
      ['stale', payload, sign(payload, { timestamp: stale })],
      ['tampered', payload.replace('"amount":2997', '"amount":1'), sign(payload)],
      ['garbage', payload, 't=1,v1=deadbeef'],
    ] as const) {
      const res = await expectRefused(s.app, () => deliver(body, signature), 400);
      expect(res.json().code, label).toBe('INVALID_SIGNATURE');
    }
    expect((await orderRow(s.app, orderId))?.paid).toBe(false);
  });

  it('a signed event of the wrong shape is a 400; a payment another app opened on the account is left alone', async () => {
    const odd = JSON.stringify({
      id: { not: 'a string' },
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const res = await expectRefused(s.app, () => deliver(odd, sign(odd)), 400);
    expect(res.json().code).toBe('INVALID_EVENT');

    const foreign = {
      ...fake.succeed(intentIdOf(await clientSecretFor(s.app, customer, (await newOrder()).orderId))),
    };
    foreign.id = 'pi_foreignapp0001';
    foreign.metadata = { orderId: '3f6c1e9a-0000-4000-8000-000000000000' };
    const payload = event('payment_intent.succeeded', foreign);
    const refundsBefore = fake.refunds.length;
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(fake.refunds).toHaveLength(refundsBefore);
  });

  it('a payment for an order cancelled meanwhile is refunded', async () => {
    const { orderId } = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, orderId));
    expect(
      (await s.app.inject({ method: 'DELETE', url: `/api/myOrder/${orderId}`, headers: customer.headers }))
        .statusCode,
    ).toBe(200);
    const payload = event('payment_intent.succeeded', fake.succeed(intentId));
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it("an admin's cancel of a paid order refunds it at Stripe and gives the stock back", async () => {
    const { orderId, productId } = await newOrder(999, 3);
    const intentId = intentIdOf(await clientSecretFor(s.app, customer, orderId));
    fake.succeed(intentId);
    expect((await patch(orderId, intentId)).statusCode).toBe(200);
    expect(await stockOf(s.app, productId)).toBe(97);
    const res = await s.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${orderId}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: 2997, idempotencyKey: `forgeline-refund-${intentId}-${orderId}` }),
    ]);
    expect(await orderRow(s.app, orderId)).toMatchObject({ status: 'cancelled', paid: true });
    expect(await stockOf(s.app, productId)).toBe(100);
  });
});
