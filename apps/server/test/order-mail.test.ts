import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages, orders, products } from '../src/db/schema/index.ts';
import { createMailer } from '../src/plugins/app/mail.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithProduct } from './support/cast.ts';
import { orderBody, payOrder, placeOrder } from './support/data.ts';
import { outboxMailsTo, waitForSent } from './support/mail.ts';

/** The e-mails a customer gets about their order, read from the mail outbox. */
let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  ({ t, customer, admin, productId } = await buildAppWithProduct(
    { priceCents: 285, minOrder: 2, availableQuantity: 500 },
    { name: 'Rahim Uddin' },
  ));
}, 60_000);
afterAll(() => t.close());

const mailsTo = (email: string) => outboxMailsTo(t.app, email);

/** The mails `email` got while `action` ran. */
async function newMails(email: string, action: () => Promise<unknown>) {
  const before = (await mailsTo(email)).length;
  await action();
  return (await mailsTo(email)).slice(before);
}

/** The order's number, as My Orders shows it ('SO-100245'). */
const numberOf = async (orderId: string) =>
  (await t.app.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId)))[0]!.number;

const call = (user: TestUser, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

describe('order e-mails', () => {
  it('confirms a placed order with its figures and the link to pay, once', async () => {
    let orderId = '';
    const mails = await newMails(customer.email, async () => {
      const res = await call(customer, 'POST', '/api/order', orderBody(productId, 4));
      expect(res.statusCode, res.body).toBe(201);
      orderId = res.json<{ insertedId: string }>().insertedId;
    });
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Order received: 4 pcs of /);
    expect(mail.textBody).toContain('Hello Rahim Uddin,');
    expect(mail.textBody).toContain(`Order:      ${await numberOf(orderId)}`);
    expect(mail.textBody).toContain('Quantity:   4 pcs at $2.85 / piece');
    expect(mail.textBody).toContain('Total:      $11.40');
    expect(mail.textBody).toContain(`${t.app.config.publicUrl}/dashboard/payment/${orderId}`);
    // The payment window of a card order (docs/decisions/0156).
    expect(mail.textBody).toContain(
      `Please pay within ${t.app.config.PAYMENT_WINDOW_MINUTES} minutes of placing it`,
    );
    // Sent after the answer (docs/decisions/0045).
    expect((await waitForSent(t.app, mail.id)).sentAt).not.toBeNull();
  });

  it('sends nothing for a refused order', async () => {
    const mails = await newMails(customer.email, async () => {
      const res = await call(customer, 'POST', '/api/order', orderBody(productId, 1));
      expect(res.statusCode).toBe(400);
    });
    expect(mails).toEqual([]);
  });

  it('sends one receipt when the order is paid, with the card and transaction id', async () => {
    const orderId = await placeOrder(t.app, customer, productId, 2);
    let transactionId = '';
    const mails = await newMails(customer.email, async () => {
      transactionId = await payOrder(t.app, customer, orderId);
      // The SPA's PATCH after the processor already recorded it: no second receipt.
      const patch = await call(customer, 'PATCH', `/api/order/${orderId}`, { transactionId });
      expect(patch.json()).toMatchObject({ modifiedCount: 0 });
    });
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Payment received: /)]);
    expect(mails[0]!.textBody).toContain('We have received your payment of $5.70 by Visa card ending 4242.');
    expect(mails[0]!.textBody).toContain(`Transaction id: ${transactionId}`);
  });

  it('tells the customer when the order ships, once', async () => {
    const orderId = await placeOrder(t.app, customer, productId, 2);
    await payOrder(t.app, customer, orderId);
    const mails = await newMails(customer.email, async () => {
      expect((await call(admin, 'PUT', `/api/order/shipped/${orderId}`)).json()).toMatchObject({
        modifiedCount: 1,
      });
      expect((await call(admin, 'PUT', `/api/order/shipped/${orderId}`)).json()).toMatchObject({
        modifiedCount: 0,
      });
    });
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Shipped: /)]);
    expect(mails[0]!.textBody).toContain('Your order has left our works for 12 Foundry Lane, Sheffield.');
  });

  it("tells the customer of the shop's cancel and the refund, but not of their own cancel", async () => {
    const paidId = await placeOrder(t.app, customer, productId, 2);
    await payOrder(t.app, customer, paidId);
    const ownId = await placeOrder(t.app, customer, productId, 2);
    const mails = await newMails(customer.email, async () => {
      expect((await call(admin, 'DELETE', `/api/myOrder/${paidId}`)).statusCode).toBe(200);
      expect((await call(customer, 'DELETE', `/api/myOrder/${ownId}`)).statusCode).toBe(200);
    });
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Order cancelled: /)]);
    expect(mails[0]!.textBody).toContain(
      'Your payment of $5.70 has been refunded to the Visa card ending 4242; banks take 5 to 10 days to show it.',
    );
  });

  it('tells the customer when an unpaid order is cancelled past its hold', async () => {
    const orderId = await placeOrder(t.app, customer, productId, 2);
    await t.app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - (t.app.config.PAYMENT_WINDOW_MINUTES + 1) * 60_000) })
      .where(eq(orders.id, orderId));
    const mails = await newMails(customer.email, () => expireUnpaidOrders(t.app));
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Order cancelled, unpaid: /)]);
    expect(mails[0]!.textBody).toContain(`Order:      ${await numberOf(orderId)}`);
  });

  it('places no order when its mail cannot be queued: both commit or neither', async () => {
    const stockBefore = await stockOf(productId);
    const ordersBefore = await ordersOf(customer);
    const enqueue = vi.spyOn(t.app.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox unavailable'));
    try {
      const res = await call(customer, 'POST', '/api/order', orderBody(productId, 2));
      expect(res.statusCode).toBe(500);
    } finally {
      enqueue.mockRestore();
    }
    expect(await stockOf(productId)).toBe(stockBefore);
    expect(await ordersOf(customer)).toBe(ordersBefore);
  });

  it('sends a mail whose first try never happened (a crash after the commit) at the next flush, once', async () => {
    const deliver = vi.spyOn(t.app.mailer, 'deliverLater').mockReturnValue(undefined);
    let orderId = '';
    try {
      const res = await call(customer, 'POST', '/api/order', orderBody(productId, 2));
      expect(res.statusCode).toBe(201);
      orderId = res.json<{ insertedId: string }>().insertedId;
    } finally {
      deliver.mockRestore();
    }
    const queued = (await mailsTo(customer.email)).filter((mail) => mail.textBody.includes(orderId));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.sentAt).toBeNull();
    // The buyer's mail and the one admin's 'new order' (decision 0201), each sent once.
    expect(await t.app.mailer.flush()).toBe(2);
    expect(await t.app.mailer.flush()).toBe(0);
    const [sent] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, queued[0]!.id));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.attempts).toBe(1);
  });

  it('sends each queued message once when several senders race for it', async () => {
    const written: string[] = [];
    const mailer = createMailer({
      db: t.app.db,
      from: 'test@forgeline.local',
      outboxDir: mkdtempSync(path.join(tmpdir(), 'forgeline-outbox-')),
      log: { info: (obj) => written.push((obj as { file: string }).file), warn: () => undefined },
    });
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        mailer.enqueue(t.app.db, { to: `race-${n}@example.com`, subject: 'race', text: 'once' }),
      ),
    );
    // The request's own try and two instances' retry loops, all at once.
    const sent = await Promise.all([
      mailer.deliver(ids),
      mailer.flush(),
      mailer.flush(),
      mailer.deliver(ids),
    ]);
    expect(sent.filter((n) => typeof n === 'number').reduce((a, b) => a! + b!, 0)).toBeLessThanOrEqual(5);
    expect(written).toHaveLength(5);
    expect(new Set(written).size).toBe(5);
  });
});

describe('every mail sent above (placed, paid, shipped, cancelled, lapsed, the admins’ too)', () => {
  it('names the order by its number, never by a raw id: only a link may carry one', async () => {
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const all = await t.app.db.select().from(outboxMessages);
    expect(all.length).toBeGreaterThan(5);
    for (const mail of all) {
      const shown = [mail.subject, mail.textBody, mail.htmlBody ?? '']
        .join('\n')
        .replace(/href="[^"]*"/g, '')
        .replace(/https?:\/\/\S+/g, '<link>');
      expect(shown, mail.subject).not.toMatch(uuid);
    }
  });
});

async function stockOf(id: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.id, id));
  return row!.availableQuantity;
}

async function ordersOf(user: TestUser) {
  return (await t.app.db.select().from(orders).where(eq(orders.customerEmail, user.email))).length;
}
