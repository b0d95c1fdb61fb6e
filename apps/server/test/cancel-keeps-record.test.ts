import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Order } from '@forgeline/shared/schemas/order';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import { invoices, outboxMessages, testPaymentIntents } from '../src/db/schema/index.ts';
import { getOverview } from '../src/modules/overview/service.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithAdmin, type Call, expectRefused } from './support/cast.ts';
import { GOOD_CARD, makeProduct, orderRow, payOrder, placeOrder, stockOf } from './support/data.ts';

/**
 * A cancelled order stays on record (decision 0195): for each way an order can be when it is cancelled
 * (paid by card, invoiced on terms, unpaid), the row stays with status 'cancelled', the stock comes back,
 * the money is refunded or credited, both order lists show it, and it cannot be paid, shipped or
 * cancelled again.
 */
describe('cancelling an order keeps it on record', () => {
  let t: TestApp;
  let admin: TestUser;
  let call: Call;

  beforeAll(async () => ({ t, admin, call } = await buildAppWithAdmin()));
  afterAll(() => t.close());

  const creditNotesOf = (orderId: string) =>
    t.app.db.select().from(invoices).where(eq(invoices.refundedOrderId, orderId));

  /** What both lists and the admin's order page say of the order now. */
  async function shown(buyer: TestUser, id: string) {
    const mine = (await call(buyer, 'GET', `/api/myOrders?email=${encodeURIComponent(buyer.email)}`)).json<
      Order[]
    >();
    const all = (await call(admin, 'GET', '/api/orders')).json<Order[]>();
    const detail = (await call(admin, 'GET', `/api/orders/${id}`)).json<AdminOrderDetail>();
    return { mine: mine.find((o) => o._id === id), all: all.find((o) => o._id === id), detail };
  }

  /** A buyer on 30-day terms ($1,000 limit) who placed one line of a $10 part on invoice. */
  async function placedOnTerms(quantity: number) {
    const buyer = await createUser(t.app);
    const approved = await call(admin, 'PATCH', `/api/users/${buyer.id}/terms`, {
      terms: { termsDays: 30, creditLimit: 1000 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const product = await makeProduct(t.app, { priceCents: 1000, availableQuantity: 100 });
    await call(buyer, 'POST', '/api/cart/lines', { lines: [{ productId: product.id, quantity }] });
    const placed = await call(buyer, 'POST', '/api/checkout', {
      address: '12 Foundry Lane, Sheffield',
      phone: '+44 114 496 0000',
      paymentMethod: 'invoice',
      poReference: 'PO-77',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return { buyer, product, checkout: placed.json<Checkout>() };
  }

  /** Every later change of a cancelled order is refused with 409 and a message that says why. */
  async function expectClosed(buyer: TestUser, id: string) {
    for (const [user, method, url, payload] of [
      [admin, 'DELETE', `/api/myOrder/${id}`, undefined],
      [buyer, 'DELETE', `/api/myOrder/${id}`, undefined],
      [admin, 'GET', `/api/myOrder/${id}/cancellation`, undefined],
      [admin, 'PUT', `/api/order/shipped/${id}`, undefined],
      [buyer, 'POST', '/api/create-payment-intent', { orderId: id }],
    ] as const) {
      const res = await expectRefused(t.app, () => call(user, method, url, payload), 409);
      expect(res.json<{ code: string }>().code, `${method} ${url}`).toMatch(/^ORDER_(CANCELLED|PAID)$/);
      expect(res.json<{ message: string }>().message).toMatch(/cancelled|paid/);
    }
  }

  it('a card-paid order: refunded to the card, credit note on the admin page, kept as cancelled, out of revenue', async () => {
    const buyer = await createUser(t.app);
    const product = await makeProduct(t.app, { priceCents: 1250, availableQuantity: 20 });
    const id = await placeOrder(t.app, buyer, product.id, 4);
    const transactionId = await payOrder(t.app, buyer, id);
    const revenueBefore = (await getOverview(t.app, 30, new Date())).revenue.today;

    // The dialog's words come from the server: the amount and the card.
    const preview = await call(admin, 'GET', `/api/myOrder/${id}/cancellation`);
    expect(preview.json()).toEqual({
      outcome: 'refund',
      amount: 50,
      message: 'A refund of $50.00 will be made to the Visa card ending 4242.',
    });
    // The buyer may not cancel a paid order: the preview says so as the cancel would.
    const buyerPreview = await expectRefused(
      t.app,
      () => call(buyer, 'GET', `/api/myOrder/${id}/cancellation`),
      409,
    );
    expect(buyerPreview.json()).toMatchObject({ code: 'ORDER_PAID' });

    const res = await call(admin, 'DELETE', `/api/myOrder/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: true, transactionId });
    expect((await orderRow(t.app, id))?.cancelledAt).toBeInstanceOf(Date);
    expect(await stockOf(t.app, product.id)).toBe(20);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, transactionId));
    expect(intent?.refundedCents).toBe(5000);
    const [note] = await creditNotesOf(id);
    expect(note).toMatchObject({ kind: 'credit_note', totalCents: 5000 });

    const { mine, all, detail } = await shown(buyer, id);
    expect(mine).toMatchObject({ status: 'cancelled', paid: true });
    expect(all).toMatchObject({ status: 'cancelled', paid: true });
    expect(mine?.cancelledAt).toEqual(expect.any(String));
    expect(detail.order.status).toBe('cancelled');
    const credit = detail.documents.find((d) => d.kind === 'credit_note');
    expect(credit).toMatchObject({ number: note!.number, total: 50 });
    const pdf = await call(admin, 'GET', credit!.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(detail.timeline.map((e) => e.kind)).toContain('cancelled');

    expect((await getOverview(t.app, 30, new Date())).revenue.today).toBeCloseTo(revenueBefore - 50, 2);
    await expectClosed(buyer, id);
    // A refund happened once, whatever was tried after.
    expect(await stockOf(t.app, product.id)).toBe(20);
    expect(await creditNotesOf(id)).toHaveLength(1);
  });

  it('an order invoiced on terms: credited, kept as cancelled, no longer owed', async () => {
    const { buyer, product, checkout } = await placedOnTerms(30);
    const id = checkout.orders[0]!._id;
    expect(await stockOf(t.app, product.id)).toBe(70);

    expect((await call(admin, 'GET', `/api/myOrder/${id}/cancellation`)).json()).toEqual({
      outcome: 'creditNote',
      amount: 300,
      message: 'A credit note for $300.00 will be issued: nothing will be owed for this order.',
    });
    const res = await call(buyer, 'DELETE', `/api/myOrder/${id}`);
    expect(res.statusCode, res.body).toBe(200);

    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: false });
    expect(await stockOf(t.app, product.id)).toBe(100);
    expect(await creditNotesOf(id)).toEqual([expect.objectContaining({ totalCents: 30000 })]);
    const { mine, all, detail } = await shown(buyer, id);
    expect(mine).toMatchObject({ status: 'cancelled', paid: false });
    expect(all).toMatchObject({ status: 'cancelled' });
    expect(detail.documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    // Nothing is owed for it: the whole credit limit is free again.
    expect((await call(admin, 'GET', `/api/users/${buyer.id}/terms`)).json()).toMatchObject({
      used: 0,
      available: 1000,
    });
    await expectClosed(buyer, id);
    const admin409 = await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', `/api/checkouts/${checkout._id}/mark-paid`, {
          reference: 'BANK-1',
        }),
      409,
    );
    expect(admin409.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
  });

  it('an order on terms paid by bank transfer: no card refund, a credit note that says the transfer back is due', async () => {
    const { buyer, product, checkout } = await placedOnTerms(20);
    const id = checkout.orders[0]!._id;
    const paid = await call(admin, 'POST', `/api/checkouts/${checkout._id}/mark-paid`, {
      reference: 'BANK-TRF-881',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cardRefundsBefore = (await t.app.db.select().from(testPaymentIntents)).filter(
      (intent) => intent.refundedCents > 0,
    ).length;

    // The dialog says what will happen: the money goes back by transfer, the shop's to make.
    expect((await call(admin, 'GET', `/api/myOrder/${id}/cancellation`)).json()).toEqual({
      outcome: 'refund',
      amount: 200,
      message:
        'It was paid by bank transfer (reference BANK-TRF-881): a credit note for $200.00 will be issued, and the $200.00 must be paid back to the customer by bank transfer.',
    });
    const res = await call(admin, 'DELETE', `/api/myOrder/${id}`);
    expect(res.statusCode, res.body).toBe(200);

    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: true });
    expect(await stockOf(t.app, product.id)).toBe(100);
    expect(await creditNotesOf(id)).toEqual([expect.objectContaining({ totalCents: 20000 })]);
    // No card provider was asked to refund a bank reference.
    expect(
      (await t.app.db.select().from(testPaymentIntents)).filter((intent) => intent.refundedCents > 0).length,
    ).toBe(cardRefundsBefore);
    const { detail } = await shown(buyer, id);
    expect(detail.documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    // The buyer is told the same, not that a card was refunded.
    const [mail] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.toAddress, buyer.email), like(outboxMessages.subject, 'Order cancelled%')),
      );
    expect(mail?.textBody).toContain(
      'Your bank transfer of $200.00 (reference BANK-TRF-881) will be paid back to you by bank transfer',
    );
    expect(mail?.textBody).not.toContain('refunded');
    await expectClosed(buyer, id);
  });

  it('an unpaid card order: nothing to refund, kept as cancelled, cannot be paid afterwards', async () => {
    const buyer = await createUser(t.app);
    const product = await makeProduct(t.app, { priceCents: 200, availableQuantity: 10 });
    const id = await placeOrder(t.app, buyer, product.id, 3);
    // A card form opened before the cancel.
    const opened = await call(buyer, 'POST', '/api/create-payment-intent', { orderId: id });
    const { clientSecret } = opened.json<{ clientSecret: string }>();

    expect((await call(buyer, 'GET', `/api/myOrder/${id}/cancellation`)).json()).toEqual({
      outcome: 'nothing',
      amount: 0,
      message: 'It is not paid, so nothing will be charged.',
    });
    expect((await call(buyer, 'DELETE', `/api/myOrder/${id}`)).statusCode).toBe(200);

    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: false });
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(await creditNotesOf(id)).toEqual([]);
    const { mine, all } = await shown(buyer, id);
    expect(mine).toMatchObject({ status: 'cancelled', paid: false });
    expect(all).toMatchObject({ status: 'cancelled', paid: false });

    const late = await expectRefused(
      t.app,
      () => call(buyer, 'POST', '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD }),
      409,
    );
    expect(late.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: false });
    await expectClosed(buyer, id);
  });

  it('the admin can list the cancelled orders alone', async () => {
    const res = await call(admin, 'GET', '/api/orders?limit=100&status=cancelled');
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<Order[]>();
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed.every((o) => o.status === 'cancelled')).toBe(true);
  });
});
