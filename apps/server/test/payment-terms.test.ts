import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import type { Order } from '@forgeline/shared/schemas/order';
import type { PaymentTerms, TermsInvoice } from '@forgeline/shared/schemas/payment-terms';
import { checkouts, invoices, orders, outboxMessages } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { remindOverdueInvoices } from '../src/modules/payment-terms/service.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithAdmin, type Call, expectRefused } from './support/cast.ts';
import { GOOD_CARD, makeProduct, payOrder, stockOf } from './support/data.ts';
import { expectTextToHold, pdfText } from './support/pdf.ts';

const delivery = { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' };
const DAY = 86_400_000;

describe('payment terms: pay by invoice (decision 0112)', () => {
  let t: TestApp;
  let admin: TestUser;
  let call: Call;

  beforeAll(async () => ({ t, admin, call } = await buildAppWithAdmin()));
  afterAll(() => t.close());

  async function approve(user: TestUser, termsDays: number, creditLimit: number) {
    const res = await call(admin, 'PATCH', `/api/users/${user.id}/terms`, {
      terms: { termsDays, creditLimit },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function fillCart(user: TestUser, lines: { productId: string; quantity: number }[]) {
    const res = await call(user, 'POST', '/api/cart/lines', { lines });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A customer on terms with two parts in the cart: $10.00 per piece each. */
  async function buyerOnTerms(creditLimit = 1000, termsDays = 30) {
    const buyer = await createUser(t.app, { name: 'Accounts Buyer' });
    await approve(buyer, termsDays, creditLimit);
    const a = await makeProduct(t.app, { name: 'Terms flange', priceCents: 1000, availableQuantity: 500 });
    const b = await makeProduct(t.app, { name: 'Terms gasket', priceCents: 1000, availableQuantity: 500 });
    return { buyer, a, b };
  }

  const invoiceCheckout = (user: TestUser, extra: Record<string, unknown> = {}) =>
    call(user, 'POST', '/api/checkout', {
      ...delivery,
      paymentMethod: 'invoice',
      poReference: 'PO-4471',
      ...extra,
    });

  it('lets only an admin set terms, net 15, 30 or 60 with a positive limit, and the buyer read them', async () => {
    const buyer = await createUser(t.app);
    expect((await call(buyer, 'GET', '/api/myTerms')).json()).toEqual({
      approved: false,
      termsDays: null,
      creditLimit: 0,
      used: 0,
      available: 0,
      // A buyer not approved for terms is not shown where invoices are paid.
      bankTransfer: null,
    });
    const body = { terms: { termsDays: 30, creditLimit: 5000 } };
    await expectRefused(t.app, () => call(buyer, 'PATCH', `/api/users/${buyer.id}/terms`, body), 403);
    await expectRefused(t.app, () => call(null, 'PATCH', `/api/users/${buyer.id}/terms`, body), 401);
    for (const terms of [
      { termsDays: 45, creditLimit: 5000 },
      { termsDays: 30, creditLimit: 0 },
      { termsDays: 30, creditLimit: -5 },
      { termsDays: 30, creditLimit: 10.001 },
      { termsDays: 30 },
    ]) {
      await expectRefused(t.app, () => call(admin, 'PATCH', `/api/users/${buyer.id}/terms`, { terms }), 400);
    }
    const unknown = await expectRefused(
      t.app,
      () => call(admin, 'PATCH', '/api/users/nobody-here/terms', body),
      404,
    );
    expect(unknown.json()).toMatchObject({ message: 'User not found.' });

    const set = await call(admin, 'PATCH', `/api/users/${buyer.id}/terms`, body);
    expect(set.json()).toMatchObject({ approved: true, termsDays: 30, creditLimit: 5000, modifiedCount: 1 });
    expect((await call(admin, 'PATCH', `/api/users/${buyer.id}/terms`, body)).json()).toMatchObject({
      modifiedCount: 0,
    });
    expect((await call(buyer, 'GET', '/api/myTerms')).json<PaymentTerms>()).toMatchObject({
      approved: true,
      termsDays: 30,
      available: 5000,
    });
    expect((await call(admin, 'GET', `/api/users/${buyer.id}/terms`)).json()).toMatchObject({
      approved: true,
    });
    const off = await call(admin, 'PATCH', `/api/users/${buyer.id}/terms`, { terms: null });
    expect(off.json()).toMatchObject({ approved: false, modifiedCount: 1 });
  });

  it('refuses an invoice checkout without approval, without a PO number, with a long one, or over the limit: nothing placed', async () => {
    const stranger = await createUser(t.app);
    const part = await makeProduct(t.app, { priceCents: 1000, availableQuantity: 500 });
    await fillCart(stranger, [{ productId: part.id, quantity: 10 }]);
    const notApproved = await expectRefused(t.app, () => invoiceCheckout(stranger), 403);
    expect(notApproved.json()).toMatchObject({ code: 'PAYMENT_TERMS_NOT_APPROVED' });
    expect(notApproved.json<{ message: string }>().message).toContain('not approved to pay by invoice');

    const { buyer, a } = await buyerOnTerms(500);
    await fillCart(buyer, [{ productId: a.id, quantity: 10 }]);
    const noPo = await expectRefused(t.app, () => invoiceCheckout(buyer, { poReference: '  ' }), 400);
    expect(noPo.json()).toMatchObject({
      message: 'A PO number is required to pay by invoice.',
      details: { poReference: 'A PO number is required to pay by invoice.' },
    });
    const longPo = await expectRefused(
      t.app,
      () => invoiceCheckout(buyer, { poReference: 'P'.repeat(101) }),
      400,
    );
    expect(longPo.body).toContain('PO reference must be 100 characters or fewer');
    await expectRefused(t.app, () => invoiceCheckout(buyer, { paymentMethod: 'cheque' }), 400);

    // $100 fits a $500 limit; $600 does not.
    await fillCart(buyer, [{ productId: a.id, quantity: 60 }]);
    const over = await expectRefused(t.app, () => invoiceCheckout(buyer), 400);
    expect(over.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED' });
    expect(over.json<{ message: string }>().message).toContain('over its credit limit of $500.00');
  });

  it('places an invoice checkout: stock taken, invoice issued with due date and PO, shipped unpaid, never expired', async () => {
    const { buyer, a, b } = await buyerOnTerms(1000, 30);
    await fillCart(buyer, [
      { productId: a.id, quantity: 20 },
      { productId: b.id, quantity: 5 },
    ]);
    const before = Date.now();
    const res = await invoiceCheckout(buyer);
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<Checkout>();
    expect(checkout).toMatchObject({
      paymentMethod: 'invoice',
      paid: false,
      total: 250,
      poReference: 'PO-4471',
    });
    const dueAt = Date.parse(checkout.dueAt!);
    expect(dueAt - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(dueAt - before).toBeLessThan(30 * DAY + 60_000);
    expect(checkout.orders.every((o) => o.dueAt === checkout.dueAt && !o.paid)).toBe(true);
    expect(await stockOf(t.app, a.id)).toBe(480);

    // One invoice, issued now: what the accounts department pays against.
    const docs = await t.app.db.select().from(invoices).where(eq(invoices.checkoutId, checkout._id));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: 'invoice',
      totalCents: 25_000,
      poReference: 'PO-4471',
      termsDays: 30,
      paymentReference: checkout.number,
    });
    const pdf = await call(buyer, 'GET', `/api/invoices/${docs[0]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // How to pay: the configured account (the example one outside production) and the number to quote.
    const account = t.app.config.bankAccount!;
    const payTo = [
      'Pay by bank transfer to:',
      `Account holder: ${account.accountHolder}`,
      `Bank: ${account.bankName}`,
      `IBAN: ${account.account}`,
      `BIC: ${account.routing}`,
      `Payment reference (quote it with the transfer): ${docs[0]!.number}`,
    ];
    expectTextToHold(text, [
      'Payment terms: net 30 days',
      `Due date: ${checkout.dueAt!.slice(0, 10)}`,
      'PO-4471',
      ...payTo,
    ]);
    expect(text).not.toContain('Paid by');

    // The 'order received' mail carries the invoice and the due date, not a hold deadline.
    const [mail] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toAddress, buyer.email), like(outboxMessages.subject, 'Order received%')));
    expect(mail?.textBody).toContain(`by ${checkout.dueAt!.slice(0, 10)} (net 30 days)`);
    expect(mail?.textBody).toContain(payTo.join('\n'));
    expect(mail?.textBody).not.toContain('cancelled');
    expect(mail?.attachments?.map((file) => file.filename)).toEqual([`${docs[0]!.number}.pdf`]);

    // The order's page and the checkout's choice say where to pay: the page with the number to quote.
    const page = (await call(buyer, 'GET', `/api/checkouts/${checkout._id}`)).json<Checkout>();
    expect(page.bankTransfer).toEqual({
      account,
      contactEmail: t.app.config.SELLER_EMAIL,
      reference: docs[0]!.number,
    });

    // The credit in use, and the wire states: awaiting payment with a due date, never paid.
    expect((await call(buyer, 'GET', '/api/myTerms')).json()).toMatchObject({
      used: 250,
      available: 750,
      bankTransfer: { account, contactEmail: t.app.config.SELLER_EMAIL, reference: null },
    });
    const mine = (await call(buyer, 'GET', `/api/myOrders?email=${encodeURIComponent(buyer.email)}`)).json<
      Order[]
    >();
    expect(mine.map((o) => [o.paid, o.dueAt])).toEqual([
      [false, checkout.dueAt],
      [false, checkout.dueAt],
    ]);

    // No card payment for it: it is paid by transfer against the invoice.
    const card = await call(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    expect(card.statusCode).toBe(409);
    expect(card.json()).toMatchObject({ code: 'ORDER_ON_TERMS' });
    const single = await call(buyer, 'POST', '/api/create-payment-intent', {
      orderId: checkout.orders[0]!._id,
    });
    expect(single.statusCode).toBe(409);

    // The unpaid-order expiry leaves it alone, however late.
    await expireUnpaidOrders(t.app, new Date(Date.now() + 365 * DAY));
    expect(await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id))).toHaveLength(2);

    // It ships without payment.
    const shipped = await call(admin, 'PUT', `/api/order/shipped/${checkout.orders[0]!._id}`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, checkout.orders[0]!._id));
    expect(row).toMatchObject({ status: 'shipped', paid: false });
  });

  it('lets exactly one of two concurrent invoice checkouts through when together they pass the limit', async () => {
    const { buyer, a, b } = await buyerOnTerms(300);
    await fillCart(buyer, [
      { productId: a.id, quantity: 20 },
      { productId: b.id, quantity: 20 },
    ]);
    // $200 each: either fits $300, both do not.
    const results = await Promise.all(
      [a, b].map((part) =>
        invoiceCheckout(buyer, { lines: [{ productId: part.id, quantity: 20, unitPrice: 10 }] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({
      code: 'CREDIT_LIMIT_EXCEEDED',
    });
    expect((await call(buyer, 'GET', '/api/myTerms')).json()).toMatchObject({ used: 200, available: 100 });
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
    expect((await t.app.db.select().from(invoices).where(eq(invoices.userId, buyer.id))).length).toBe(1);
    // The stock of the refused line is back where it was.
    expect((await stockOf(t.app, a.id)) + (await stockOf(t.app, b.id))).toBe(980);
  });

  it('lets an admin mark it paid once, with a reference, against the same invoice', async () => {
    const { buyer, a, b } = await buyerOnTerms();
    await fillCart(buyer, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 4 },
    ]);
    const checkout = (await invoiceCheckout(buyer)).json<Checkout>();
    const url = `/api/checkouts/${checkout._id}/mark-paid`;
    await expectRefused(t.app, () => call(buyer, 'POST', url, { reference: 'BACS 0042' }), 403);
    await expectRefused(t.app, () => call(admin, 'POST', url, { reference: ' ' }), 400);
    await expectRefused(t.app, () => call(admin, 'POST', url, { reference: 'R'.repeat(101) }), 400);
    await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', '/api/checkouts/00000000-0000-4000-8000-000000000000/mark-paid', {
          reference: 'x',
        }),
      404,
    );
    const invoicesBefore = await t.app.db.select().from(invoices);

    // Two admins record the same transfer at once: one records it, the other is told it is paid.
    const marks = await Promise.all([1, 2].map(() => call(admin, 'POST', url, { reference: 'BACS 0042' })));
    expect(marks.map((m) => m.statusCode).sort()).toEqual([200, 409]);
    expect(marks.find((m) => m.statusCode === 200)!.json()).toEqual({ acknowledged: true, modifiedCount: 2 });
    expect(marks.find((m) => m.statusCode === 409)!.json<{ message: string }>().message).toContain(
      'already paid (reference BACS 0042)',
    );
    const rows = await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
    expect(rows.map((r) => [r.paid, r.transactionId, r.paidAt !== null])).toEqual([
      [true, 'BACS 0042', true],
      [true, 'BACS 0042', true],
    ]);
    // No second invoice: the payment is recorded against the one issued with the checkout.
    expect(await t.app.db.select().from(invoices)).toHaveLength(invoicesBefore.length);
    const [receipt] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.toAddress, buyer.email), like(outboxMessages.subject, 'Payment received%')),
      );
    expect(receipt?.textBody).toContain('Payment reference: BACS 0042');
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.checkoutId, checkout._id));
    expect(receipt?.attachments?.map((f) => f.filename)).toEqual([`${invoice!.number}.pdf`]);
    expect((await call(buyer, 'GET', '/api/myTerms')).json()).toMatchObject({ used: 0, available: 1000 });
    expect((await call(admin, 'POST', url, { reference: 'again' })).statusCode).toBe(409);

    // A card checkout is not marked paid by hand.
    await fillCart(buyer, [{ productId: a.id, quantity: 1 }]);
    const byCard = (await call(buyer, 'POST', '/api/checkout', delivery)).json<Checkout>();
    const refused = await expectRefused(
      t.app,
      () => call(admin, 'POST', `/api/checkouts/${byCard._id}/mark-paid`, { reference: 'x' }),
      409,
    );
    expect(refused.json()).toMatchObject({ code: 'NOT_ON_TERMS' });
  });

  it('lists open and overdue invoices for admins and reminds each overdue one once', async () => {
    const { buyer, a } = await buyerOnTerms(1000, 15);
    await fillCart(buyer, [{ productId: a.id, quantity: 2 }]);
    const late = (await invoiceCheckout(buyer, { poReference: 'PO-LATE' })).json<Checkout>();
    await fillCart(buyer, [{ productId: a.id, quantity: 3 }]);
    const settled = (await invoiceCheckout(buyer, { poReference: 'PO-PAID' })).json<Checkout>();
    await call(admin, 'POST', `/api/checkouts/${settled._id}/mark-paid`, { reference: 'BACS 7' });
    // Fifteen days on, and a day: the first is overdue.
    const lateDue = new Date(Date.parse(late.dueAt!) - 16 * DAY);
    await t.app.db.update(checkouts).set({ dueAt: lateDue }).where(eq(checkouts.id, late._id));

    expect((await call(buyer, 'GET', '/api/termsInvoices')).statusCode).toBe(403);
    const open = (await call(admin, 'GET', '/api/termsInvoices')).json<TermsInvoice[]>();
    expect(open.map((i) => i.checkoutNumber)).toContain(late.number);
    expect(open.map((i) => i.checkoutNumber)).not.toContain(settled.number);
    const overdue = (await call(admin, 'GET', '/api/termsInvoices?overdue=true')).json<TermsInvoice[]>();
    const mine = overdue.filter((i) => i.customerEmail === buyer.email);
    expect(mine).toEqual([
      expect.objectContaining({
        checkoutNumber: late.number,
        poReference: 'PO-LATE',
        due: 20,
        overdue: true,
        remindedAt: null,
        invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      }),
    ]);

    const reminders = () =>
      t.app.db
        .select()
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.toAddress, buyer.email), like(outboxMessages.subject, 'Payment overdue%')),
        );
    // Two servers run the job at once, then again later: one reminder in all.
    const sent = await Promise.all([remindOverdueInvoices(t.app), remindOverdueInvoices(t.app)]);
    expect(sent.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    await remindOverdueInvoices(t.app, new Date(Date.now() + DAY));
    const mails = await reminders();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Payment overdue: invoice ${mine[0]!.invoiceNumber} (PO PO-LATE)`);
    expect(mails[0]!.textBody).toContain('$20.00');
    expect(mails[0]!.attachments?.map((f) => f.filename)).toEqual([`${mine[0]!.invoiceNumber}.pdf`]);
    const after = (await call(admin, 'GET', '/api/termsInvoices?overdue=true')).json<TermsInvoice[]>();
    expect(after.find((i) => i.checkoutId === late._id)?.remindedAt).not.toBeNull();
  });

  /** A buyer on terms (limit $1000) who placed an invoice checkout of both parts, at $10.00 a piece. */
  async function placedOnTerms(quantityA: number, quantityB: number) {
    const { buyer, a, b } = await buyerOnTerms(1000);
    await fillCart(buyer, [
      { productId: a.id, quantity: quantityA },
      { productId: b.id, quantity: quantityB },
    ]);
    return { buyer, a, b, checkout: (await invoiceCheckout(buyer)).json<Checkout>() };
  }

  it('credits an invoiced line cancelled before payment, and frees its credit', async () => {
    const { buyer, checkout } = await placedOnTerms(5, 5);
    const line = checkout.orders[0]!;
    const cancel = await call(buyer, 'DELETE', `/api/myOrder/${line._id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [note] = await t.app.db.select().from(invoices).where(eq(invoices.refundedOrderId, line._id));
    expect(note).toMatchObject({ kind: 'credit_note', totalCents: 5000 });
    expect(note!.paymentMethod).toContain('Cancelled before payment');
    expect((await call(buyer, 'GET', '/api/myTerms')).json()).toMatchObject({ used: 50 });
  });

  it('lists each invoice with its due date, open, overdue, paid or credited, and the balance still owed', async () => {
    const { buyer, a, b, checkout } = await placedOnTerms(10, 5);
    const mine = async () => (await call(buyer, 'GET', '/api/myInvoices')).json<InvoiceSummary[]>();
    const standing = (doc: InvoiceSummary | undefined) =>
      doc && [doc.kind, doc.status, doc.balance, doc.dueAt];
    const [invoice] = await mine();
    expect(standing(invoice)).toEqual(['invoice', 'open', 150, checkout.dueAt]);

    // A line cancelled before payment: its credit note lowers what is owed.
    const gasket = checkout.orders.find((o) => o.productId === b.id)!;
    expect((await call(buyer, 'DELETE', `/api/myOrder/${gasket._id}`)).statusCode).toBe(200);
    const [note, afterCancel] = await mine();
    expect(standing(note)).toEqual(['credit_note', null, null, null]);
    expect(standing(afterCancel)).toEqual(['invoice', 'open', 100, checkout.dueAt]);

    // Past its due date and still owed: overdue, on the buyer's list and on the order's own.
    const past = new Date(Date.now() - DAY);
    await t.app.db.update(invoices).set({ dueAt: past }).where(eq(invoices.id, invoice!._id));
    expect(standing((await mine())[1])).toEqual(['invoice', 'overdue', 100, past.toISOString()]);
    const flange = checkout.orders.find((o) => o.productId === a.id)!;
    const ofOrder = (await call(buyer, 'GET', `/api/order/${flange._id}/invoices`)).json<InvoiceSummary[]>();
    expect(ofOrder.map(standing)).toEqual([['invoice', 'overdue', 100, past.toISOString()]]);

    // The transfer arrives: nothing owed.
    const paid = await call(admin, 'POST', `/api/checkouts/${checkout._id}/mark-paid`, {
      reference: 'BACS 7',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(standing((await mine())[1])).toEqual(['invoice', 'paid', 0, past.toISOString()]);

    // Every line cancelled before payment: credited, nothing owed.
    await fillCart(buyer, [{ productId: a.id, quantity: 2 }]);
    const cancelled = (await invoiceCheckout(buyer)).json<Checkout>();
    expect((await call(buyer, 'DELETE', `/api/myOrder/${cancelled.orders[0]!._id}`)).statusCode).toBe(200);
    const credited = (await mine()).find(
      (doc) => doc.kind === 'invoice' && doc.paymentReference === cancelled.number,
    );
    expect(standing(credited)).toEqual(['invoice', 'credited', 0, cancelled.dueAt]);

    // A card checkout's invoice is issued when it is paid: no due date, nothing owed.
    await fillCart(buyer, [{ productId: a.id, quantity: 1 }]);
    const byCard = (await call(buyer, 'POST', '/api/checkout', delivery)).json<Checkout>();
    await payOrder(t.app, buyer, byCard.orders[0]!._id);
    const [cardInvoice] = await mine();
    expect(standing(cardInvoice)).toEqual(['invoice', 'paid', 0, null]);
  });

  it('numbers invoices without gaps while card payments, invoice checkouts and mark-paid run at once', async () => {
    const part = await makeProduct(t.app, { priceCents: 100, availableQuantity: 10_000 });
    const cardBuyers = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    const termsBuyers = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    for (const buyer of termsBuyers) await approve(buyer, 60, 10_000);
    for (const buyer of [...cardBuyers, ...termsBuyers])
      await fillCart(buyer, [{ productId: part.id, quantity: 2 }]);
    // Invoice checkouts already placed, waiting to be marked paid.
    const waiting: Checkout[] = [];
    for (const buyer of termsBuyers.slice(0, 2)) {
      waiting.push((await invoiceCheckout(buyer)).json<Checkout>());
      await fillCart(buyer, [{ productId: part.id, quantity: 2 }]);
    }
    const cardCheckouts = await Promise.all(
      cardBuyers.map(async (buyer) => {
        const checkout = (await call(buyer, 'POST', '/api/checkout', delivery)).json<Checkout>();
        const intent = await call(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
        return { buyer, clientSecret: intent.json<{ clientSecret: string }>().clientSecret };
      }),
    );
    const year = new Date().getUTCFullYear();
    const before = await t.app.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'));

    const results = await Promise.all([
      ...cardCheckouts.map(({ buyer, clientSecret }) =>
        call(buyer, 'POST', '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD }),
      ),
      ...termsBuyers.map((buyer) => invoiceCheckout(buyer)),
      ...waiting.map((checkout, i) =>
        call(admin, 'POST', `/api/checkouts/${checkout._id}/mark-paid`, { reference: `BACS-${i}` }),
      ),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 201, 201, 201, 200, 200]);

    const all = await t.app.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
      .orderBy(asc(invoices.number));
    // Three card payments and three invoice checkouts: six new numbers; the two marked paid none.
    expect(all.length - before.length).toBe(6);
    const values = all.map((row) => Number(row.number.split('-').at(-1)));
    expect(values).toEqual(Array.from({ length: values.length }, (_, i) => i + 1));
    expect(all.every((row) => row.number.startsWith(`INV-${year}-`))).toBe(true);
  });
});
