import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import type { Return } from '@forgeline/shared/schemas/return';
import {
  invoices,
  shipments,
  taxRates,
  testPaymentIntents,
  type ProductRow,
} from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCompany } from './support/companies.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { GOOD_CARD, makeProduct, stockOf } from './support/data.ts';
import { outboxMailsTo } from './support/mail.ts';
import { pdfProse } from './support/pdf.ts';

/** Returns of shipped pieces, their refunds and credit notes (decision 0240), the seller in Germany (19 %). */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let part: ProductRow;

const delivery = { address: 'Werkstraße 4, 70173 Stuttgart', phone: '+49 711 000000' };

const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);

const mailsTo = (email: string) => outboxMailsTo(t.app, email);

async function checkout(user: TestUser, quantity: number, paymentMethod: 'card' | 'invoice') {
  const added = await call(user, 'POST', '/api/cart/lines', { lines: [{ productId: part.id, quantity }] });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await call(user, 'POST', '/api/checkout', {
    ...delivery,
    paymentMethod,
    ...(paymentMethod === 'invoice' && { poReference: 'PO-RET-1' }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<Checkout>();
}

/** A line of `quantity` pieces bought and paid by card: its order id and payment intent. */
async function buyByCard(user: TestUser, quantity: number) {
  const placed = await checkout(user, quantity, 'card');
  const intent = await call(user, 'POST', `/api/checkouts/${placed._id}/payment-intent`);
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await call(user, 'POST', '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD });
  expect(paid.statusCode, paid.body).toBe(200);
  return { orderId: placed.orders[0]!._id, clientSecret };
}

const ship = async (orderId: string, quantity: number) => {
  const res = await call(admin, 'POST', '/api/shipments', {
    lines: [{ orderId, quantity }],
    carrier: 'dhl',
    trackingNumber: 'JD0146 0000 9999',
  });
  expect(res.statusCode, res.body).toBe(201);
};

const ask = (user: TestUser | null, orderId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  call(user, 'POST', '/api/returns', { orderId, quantity, reason: 'wrong_part', ...extra });

async function asked(user: TestUser, orderId: string, quantity: number): Promise<Return> {
  const res = await ask(user, orderId, quantity);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Return>();
}

async function step(id: string, action: string, payload: unknown = {}): Promise<Return> {
  const res = await call(admin, 'POST', `/api/returns/${id}/${action}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Return>();
}

const refundedOf = async (clientSecret: string) => {
  const [row] = await t.app.db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.clientSecret, clientSecret));
  return row!.refundedCents;
};

const creditNoteRow = async (id: string) =>
  (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp({ env: { SELLER_COUNTRY: 'DE', RETURN_WINDOW_DAYS: '30' } });
  [admin, buyer, stranger] = await Promise.all([
    createUser(t.app, { admin: true }),
    createUser(t.app, { name: 'Return Buyer' }),
    createUser(t.app),
  ]);
  await t.app.db.insert(taxRates).values({
    country: 'DE',
    category: 'standard',
    rateBasisPoints: 1900,
    name: 'USt 19 %',
    validFrom: '2020-01-01',
  });
  part = await makeProduct(t.app, { name: 'Return flange', priceCents: 1999, availableQuantity: 10_000 });
  const terms = await call(admin, 'PATCH', `/api/users/${buyer.id}/terms`, {
    terms: { termsDays: 30, creditLimit: 100_000 },
  });
  expect(terms.statusCode, terms.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('returns', () => {
  it('refunds returned pieces to the card with a credit note at the frozen price and tax, and restocks only resaleable ones', async () => {
    const { orderId, clientSecret } = await buyByCard(buyer, 5);
    await ship(orderId, 4);
    const stockBefore = await stockOf(t.app, part.id);

    // 3 × 19.99 = 59.97 net; 19 % of it is 11.3943, rounded half up: 11.39; 71.36 in all.
    const created = await asked(buyer, orderId, 3);
    expect(created).toMatchObject({ status: 'requested', quantity: 3, amount: 71.36, reason: 'wrong_part' });
    expect(created.customerEmail).toBeUndefined();
    expect(created.number).toMatch(/^RT-\d+$/);

    const approved = await step(created._id, 'approve', { note: 'Send them to gate 2.' });
    expect(approved).toMatchObject({ status: 'approved', note: 'Send them to gate 2.' });
    const received = await step(created._id, 'receive', { resaleable: 2 });
    expect(received).toMatchObject({ status: 'received', resaleable: 2 });
    // Two pieces back on sale; the third (damaged) is not.
    expect(await stockOf(t.app, part.id)).toBe(stockBefore + 2);

    const refunded = await step(created._id, 'refund');
    expect(refunded).toMatchObject({ status: 'refunded', refundMethod: 'card', amount: 71.36 });
    expect(await refundedOf(clientSecret)).toBe(7136);

    const note = await creditNoteRow(refunded.creditNoteUrl!.split('/')[3]!);
    expect(note).toMatchObject({ kind: 'credit_note', netCents: 5997, taxCents: 1139, totalCents: 7136 });
    expect(note.number).toBe(refunded.creditNoteNumber);
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({
      quantity: 3,
      unitPriceCents: 1999,
      totalCents: 5997,
      taxCents: 1139,
    });

    const pdf = await call(buyer, 'GET', refunded.creditNoteUrl!);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfProse(pdf.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(note.number);
    expect(text).toContain(`Return flange (return ${created.number})`);
    expect(text).toContain('71.36');
    expect(text).toContain('11.39');
    expect(text).toContain('19 %');
    expect(text).toContain(`Return ${created.number}: refund to the Visa card ending 4242`);

    // The buyer heard of every step; the last mail carries the credit note.
    const mails = (await mailsTo(buyer.email)).filter((mail) => mail.subject.includes(created.number));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Return ${created.number} requested: 3 pcs of Return flange`,
      `Return ${created.number} approved: please send 3 pcs of Return flange`,
      `Return ${created.number} received`,
      `Return ${created.number} refunded: $71.36`,
    ]);
    expect(mails[1]!.textBody).toContain('Our note: Send them to gate 2.');
    expect(mails[3]!.textBody).toContain(`Credit note ${note.number} is attached.`);
    expect(mails[3]!.attachments?.map((file) => file.filename)).toEqual([`${note.number}.pdf`]);

    const mine = (await call(buyer, 'GET', '/api/myReturns')).json<Return[]>();
    expect(mine.find((row) => row._id === created._id)).toMatchObject({
      status: 'refunded',
      creditNoteNumber: note.number,
    });

    // One shipped piece is left to return (4 shipped, 3 returned): 2 is one too many.
    const tooMany = await expectRefused(t.app, () => ask(buyer, orderId, 2), 409);
    expect(tooMany.json()).toMatchObject({
      code: 'RETURN_TOO_MANY',
      message: expect.stringContaining('Only 1 shipped piece'),
    });
    // The last shipped piece: its tax is what is left of the line's, so the returns add up exactly.
    const last = await asked(buyer, orderId, 1);
    await step(last._id, 'approve');
    await step(last._id, 'receive', { resaleable: 1 });
    const lastRefund = await step(last._id, 'refund');
    // 4 pieces: 79.96 net, tax 15.19; minus the first return's 11.39 = 3.80; 19.99 + 3.80 = 23.79.
    expect(lastRefund.amount).toBe(23.79);
    expect(await refundedOf(clientSecret)).toBe(7136 + 2379);
  });

  it('credits a return of an order on payment terms against its invoice', async () => {
    const placed = await checkout(buyer, 2, 'invoice');
    const orderId = placed.orders[0]!._id;
    await ship(orderId, 2);
    const created = await asked(buyer, orderId, 1);
    await step(created._id, 'approve');
    await step(created._id, 'receive', { resaleable: 0 });
    const refunded = await step(created._id, 'refund');
    // 19.99 + 3.80 (19 % of 19.99) = 23.79.
    expect(refunded).toMatchObject({ refundMethod: 'invoice_credit', amount: 23.79 });
    const documents = (await call(buyer, 'GET', `/api/order/${orderId}/invoices`)).json<InvoiceSummary[]>();
    const invoice = documents.find((doc) => doc.kind === 'invoice')!;
    // 2 pieces: 39.98 + 7.60 = 47.58, less the credit note's 23.79.
    expect(invoice.total).toBe(47.58);
    const mine = (await call(buyer, 'GET', '/api/myInvoices')).json<InvoiceSummary[]>();
    expect(mine.find((doc) => doc._id === invoice._id)).toMatchObject({ balance: 23.79, status: 'open' });
    const note = documents.find((doc) => doc.number === refunded.creditNoteNumber)!;
    expect(note).toMatchObject({ kind: 'credit_note', total: 23.79, net: 19.99, tax: 3.8 });
    const text = await pdfProse((await call(buyer, 'GET', note.pdfUrl)).rawPayload);
    expect(text).toContain(`Return ${created.number}: credited against the invoice`);
  });

  it('refuses, naming the rule, a return of an unshipped line, of another’s order, after the window, or badly asked; nothing changes', async () => {
    const { orderId } = await buyByCard(buyer, 3);
    const unshipped = await expectRefused(t.app, () => ask(buyer, orderId, 1), 409);
    expect(unshipped.json()).toMatchObject({
      code: 'RETURN_NOT_SHIPPED',
      message: expect.stringContaining('has not shipped yet'),
    });
    await ship(orderId, 3);
    expect((await expectRefused(t.app, () => ask(stranger, orderId, 1), 404)).json().code).toBe('NOT_FOUND');
    await expectRefused(t.app, () => ask(null, orderId, 1), 401);
    const badReason = await expectRefused(t.app, () => ask(buyer, orderId, 1, { reason: 'bored' }), 400);
    expect(badReason.json().message).toContain('Choose a reason');
    await expectRefused(t.app, () => ask(buyer, orderId, 0), 400);
    const over = await expectRefused(t.app, () => ask(buyer, orderId, 4), 409);
    expect(over.json().message).toContain('Only 3 shipped pieces');

    // 31 days after its shipment the window of 30 has closed.
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await t.app.db.update(shipments).set({ createdAt: old });
    const late = await expectRefused(t.app, () => ask(buyer, orderId, 1), 409);
    expect(late.json()).toMatchObject({
      code: 'RETURN_WINDOW_CLOSED',
      message: expect.stringContaining('within 30 days of shipment'),
    });
  });

  it('lets the shop refuse with a note the buyer reads; refused pieces may be asked again; steps out of turn are refused', async () => {
    const { orderId } = await buyByCard(buyer, 2);
    await ship(orderId, 2);
    const created = await asked(buyer, orderId, 2);
    // Each step only from its own: nothing changes otherwise.
    expect(
      (
        await expectRefused(t.app, () => call(admin, 'POST', `/api/returns/${created._id}/refund`), 409)
      ).json(),
    ).toMatchObject({
      code: 'RETURN_STATUS',
      message: expect.stringContaining('only a return that is received'),
    });
    await expectRefused(
      t.app,
      () => call(admin, 'POST', `/api/returns/${created._id}/refuse`, { note: ' ' }),
      400,
    );
    await expectRefused(t.app, () => call(buyer, 'POST', `/api/returns/${created._id}/approve`, {}), 403);
    const refused = await step(created._id, 'refuse', { note: 'Made to your drawing: not returnable.' });
    expect(refused).toMatchObject({ status: 'refused', note: 'Made to your drawing: not returnable.' });
    const [mail] = (await mailsTo(buyer.email)).filter(
      (m) => m.subject === `Return ${created.number} refused`,
    );
    expect(mail!.textBody).toContain('Why: Made to your drawing: not returnable.');
    await expectRefused(t.app, () => call(admin, 'POST', `/api/returns/${created._id}/approve`, {}), 409);

    // The refused return holds no pieces any more.
    const again = await asked(buyer, orderId, 2);
    await step(again._id, 'approve');
    const tooMany = await expectRefused(
      t.app,
      () => call(admin, 'POST', `/api/returns/${again._id}/receive`, { resaleable: 3 }),
      400,
    );
    expect(tooMany.json().message).toContain('at most 2 can be sold again');
    const approved = await call(admin, 'GET', '/api/returns?status=approved');
    const list = approved.json<Return[]>();
    expect(approved.headers['x-total-count']).toBe(String(list.length));
    expect(list.map((row) => row._id)).toContain(again._id);
    // Newest first, a page at a time.
    // The shop's list is the shop's: a buyer and a visitor are refused it.
    await expectRefused(t.app, () => call(buyer, 'GET', '/api/returns?page=1'), 403);
    await expectRefused(t.app, () => call(null, 'GET', '/api/returns'), 401);
    const every = (await call(admin, 'GET', '/api/returns')).json<Return[]>();
    const second = (await call(admin, 'GET', '/api/returns?limit=1&page=2')).json<Return[]>();
    expect(second.map((row) => row._id)).toEqual(every.slice(1, 2).map((row) => row._id));
    expect(list.find((row) => row._id === again._id)!.customerEmail).toBe(buyer.email);
    expect(list.every((row) => row.status === 'approved')).toBe(true);
  });

  it('lets a company colleague whose role reads the orders ask a return, not one whose role does not', async () => {
    const [orderer, boss, colleague] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    await createCompany(
      t.app,
      admin,
      { name: 'Returns GmbH', billingAddress: '1 Example Street', country: 'DE' },
      [
        [orderer, 'buyer'],
        [boss, 'admin'],
        [colleague, 'buyer'],
      ],
    );
    const { orderId } = await buyByCard(orderer, 2);
    await ship(orderId, 2);
    await expectRefused(t.app, () => ask(colleague, orderId, 1), 404);
    const created = await asked(boss, orderId, 1);
    expect(created.customerName).toBe(orderer.name);
    expect((await call(orderer, 'GET', '/api/myReturns')).json<Return[]>().map((r) => r._id)).toContain(
      created._id,
    );
    expect((await call(colleague, 'GET', '/api/myReturns')).json<Return[]>()).toEqual([]);
  });

  it('refunds once when admins refund the same return at once, and lets only one of two requests take the same pieces', async () => {
    const { orderId, clientSecret } = await buyByCard(buyer, 4);
    await ship(orderId, 4);
    const requests = await Promise.all([ask(buyer, orderId, 3), ask(buyer, orderId, 3)]);
    expect(requests.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(requests.find((res) => res.statusCode === 409)!.json().code).toBe('RETURN_TOO_MANY');
    const created = requests.find((res) => res.statusCode === 201)!.json<Return>();
    await step(created._id, 'approve');
    await step(created._id, 'receive', { resaleable: 3 });

    const answers = await Promise.all(
      [0, 1, 2].map(() => call(admin, 'POST', `/api/returns/${created._id}/refund`)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({
        code: 'RETURN_STATUS',
        message: expect.stringContaining('is refunded'),
      });
    }
    // 3 × 19.99 = 59.97 + 11.39 = 71.36, once.
    expect(await refundedOf(clientSecret)).toBe(7136);
    const notes = await t.app.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(notes.filter((row) => row.lines[0]!.description.includes(created.number))).toHaveLength(1);
  });
});
