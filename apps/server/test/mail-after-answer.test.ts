import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, outboxMessages } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { GOOD_CARD, makeProduct, orderBody } from './support/data.ts';
import { startSilentSmtp, startSmtp, waitForMail, type ReceivedMail, type TestSmtp } from './support/mail.ts';

/**
 * An order's answer never waits for its e-mail (docs/decisions/0045): the mail is queued in
 * the order's transaction and sent after the answer, so a stuck or silent mail server costs the request
 * nothing, and the mail still arrives. Proven by order of events, not by the clock: the mail server holds
 * every message until the test releases it, so a request that waited for its mail would never answer.
 */

describe('with a mail server that holds every message until released', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let customer: TestUser;
  let admin: TestUser;
  let productId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true` } });
    [customer, admin] = await Promise.all([
      createUser(t.app, { name: 'Ayesha Siddiqua' }),
      createUser(t.app, { admin: true }),
    ]);
    productId = (await makeProduct(t.app, { priceCents: 150, minOrder: 1, availableQuantity: 1000 })).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (user: TestUser, url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...headers }, payload });

  /**
   * Runs `requests` while the mail server is stuck, then releases it; answers what they answered. None
   * of their mails (`theirs`) may have arrived by then: a request that had waited for its mail would have
   * seen it fail (the server never answers while held) and its mail would not come after the release
   * either (the next try is a minute later). Other mails, sent before the hold, may still arrive.
   */
  async function whileMailIsStuck<T>(
    requests: () => Promise<T>,
    theirs: (answers: T) => (mail: ReceivedMail) => boolean,
  ): Promise<T> {
    const release = smtp.hold();
    try {
      const answers = await requests();
      expect(smtp.inbox.filter(theirs(answers))).toEqual([]);
      return answers;
    } finally {
      release();
    }
  }

  it('answers POST /api/order while the mail server is stuck, and the mail arrives after', async () => {
    const forOrder = (orderId: string) => (m: ReceivedMail) =>
      m.text.includes(`/dashboard/payment/${orderId}`);
    const res = await whileMailIsStuck(
      () => post(customer, '/api/order', orderBody(productId, 3)),
      (answer) => forOrder(answer.json<{ insertedId: string }>().insertedId),
    );
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ insertedId: string }>().insertedId;
    const mail = await waitForMail(smtp, forOrder(orderId), 15_000);
    expect(mail.to).toBe(customer.email);
    expect(mail.subject).toMatch(/^Order received: 3 pcs of /);
  }, 30_000);

  it('answers a checkout while the mail server is stuck, and its mail arrives after', async () => {
    const lines = [{ productId, quantity: 2 }];
    expect((await post(customer, '/api/cart/lines', { lines })).statusCode).toBe(200);
    const forCheckout = (number: string) => (m: ReceivedMail) =>
      m.to === customer.email && m.text.includes(number);
    const res = await whileMailIsStuck(
      () => post(customer, '/api/checkout', { address: '1 Mill Road', phone: '+15550100', lines }),
      (answer) => forCheckout(answer.json<{ number: string }>().number),
    );
    expect(res.statusCode, res.body).toBe(201);
    await waitForMail(smtp, forCheckout(res.json<{ number: string }>().number), 15_000);
  }, 30_000);

  it('answers a payment and a shipment while the mail server is stuck, and their mails arrive after', async () => {
    const placed = await post(customer, '/api/order', orderBody(productId, 5));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ insertedId: string }>().insertedId;
    const intent = await post(customer, '/api/create-payment-intent', { orderId });
    expect(intent.statusCode, intent.body).toBe(200);
    const clientSecret = intent.json<{ clientSecret: string }>().clientSecret;

    const [{ number } = { number: '' }] = await t.app.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, orderId));
    const about = (subject: RegExp) => (m: ReceivedMail) =>
      m.to === customer.email && subject.test(m.subject) && m.text.includes(`Order:      ${number}`);
    const [paid, shipped] = await whileMailIsStuck(
      async () => {
        const paid = await post(customer, '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD });
        const shipped = await t.app.inject({
          method: 'PUT',
          url: `/api/order/shipped/${orderId}`,
          headers: admin.headers,
        });
        return [paid, shipped] as const;
      },
      () => about(/^(Payment received|Shipped): /),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(shipped.statusCode, shipped.body).toBe(200);
    await waitForMail(smtp, about(/^Payment received: /), 20_000);
    await waitForMail(smtp, about(/^Shipped: /), 20_000);
  }, 40_000);
});

describe('with a mail server that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  let t: TestApp;
  let customer: TestUser;
  let productId: string;

  beforeAll(async () => {
    silent = await startSilentSmtp();
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${silent.port}/?ignoreTLS=true` } });
    customer = await createUser(t.app);
    productId = (await makeProduct(t.app, { priceCents: 150, minOrder: 1, availableQuantity: 100 })).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await silent?.close();
  });

  it('answers POST /api/order at once; the mail stays in the outbox for the retries', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: customer.headers,
      payload: orderBody(productId, 2),
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ insertedId: string }>().insertedId;
    const mailOf = async () =>
      (await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, customer.email))).find(
        (m) => m.textBody.includes(orderId),
      );
    // Queued with the order and not yet tried when the answer came: a try ends only when the silent
    // server's greeting times out (5 s), so an answer that waited for it would find one attempt counted.
    expect(await mailOf()).toMatchObject({ sentAt: null, attempts: 0 });
    await vi.waitFor(() => expect(silent.connections()).toBeGreaterThan(0));
    await vi.waitFor(async () => expect(await mailOf()).toMatchObject({ sentAt: null, attempts: 1 }), {
      timeout: 15_000,
      interval: 200,
    });
  }, 30_000);
});
