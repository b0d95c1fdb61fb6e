import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCounters, invoices, outboxMessages, type OrderRow } from '../src/db/schema/index.ts';
import { renderInvoicePdf, sellerOf } from '../src/modules/invoices/pdf.ts';
import { issueCreditNote, issueInvoice } from '../src/modules/invoices/service.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, orderRow, payOrder, placeOrder } from './support/data.ts';
import { expectTextToHold, pdfText } from './support/pdf.ts';

const YEAR = new Date().getUTCFullYear();

describe('invoices and credit notes', () => {
  let t: TestApp;
  let buyer: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        SELLER_NAME: 'Acme Castings Ltd',
        SELLER_ADDRESS: '9 Mill Street, Leeds',
        SELLER_TAX_ID: 'GB123456789',
      },
    });
    buyer = await createUser(t.app, { name: 'Ada Buyer' });
    stranger = await createUser(t.app);
    admin = await createUser(t.app, { admin: true });
  });
  afterAll(() => t.close());

  async function paidOrders(count: number, quantity = 10): Promise<OrderRow[]> {
    const product = await makeProduct(t.app, {
      name: 'Hex bolt M8',
      priceCents: 125,
      availableQuantity: 10_000,
    });
    const rows: OrderRow[] = [];
    for (let i = 0; i < count; i += 1)
      rows.push((await orderRow(t.app, await placeOrder(t.app, buyer, product.id, quantity)))!);
    return rows;
  }

  const pay = (reference: string) => ({
    reference,
    method: 'card' as const,
    cardBrand: 'visa',
    cardLast4: '4242',
  });

  it('numbers invoices in sequence with no gaps or duplicates when payments are recorded at once', async () => {
    const orders = await paidOrders(12, 1);
    const issued = await Promise.all(
      orders.map((order, i) => t.app.db.transaction((tx) => issueInvoice(tx, [order], pay(`pi_seq${i}`)))),
    );
    const numbers = issued.map((doc) => doc.number).sort();
    expect(new Set(numbers).size).toBe(12);
    const values = numbers.map((n) => Number(n.split('-').at(-1)));
    const first = Math.min(...values);
    expect(values).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
    expect(numbers[0]).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
  });

  it('gives a number back when the payment it belonged to rolls back', async () => {
    const [a, b] = await paidOrders(2, 1);
    const before = await t.app.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.series, `INV-${YEAR}`));
    await expect(
      t.app.db.transaction(async (tx) => {
        await issueInvoice(tx, [a!], pay('pi_rolledback'));
        throw new Error('the payment failed after the invoice was drafted');
      }),
    ).rejects.toThrow('the payment failed');
    const next = await t.app.db.transaction((tx) => issueInvoice(tx, [b!], pay('pi_kept')));
    expect(Number(next.number.split('-').at(-1))).toBe((before[0]?.lastNumber ?? 0) + 1);
    expect(
      await t.app.db.select().from(invoices).where(eq(invoices.paymentReference, 'pi_rolledback')),
    ).toEqual([]);
  });

  it('keeps one invoice per payment however often the payment is recorded', async () => {
    const orders = await paidOrders(3);
    const first = await t.app.db.transaction((tx) => issueInvoice(tx, orders, pay('pi_twice')));
    const second = await t.app.db.transaction((tx) => issueInvoice(tx, orders, pay('pi_twice')));
    expect(second.id).toBe(first.id);
    expect(first.totalCents).toBe(3 * 10 * 125);
    expect(first.lines).toHaveLength(3);
  });

  it('prints the seller, buyer, delivery address, lines, total and payment reference in the PDF', async () => {
    const orders = await paidOrders(2, 40);
    const invoice = await t.app.db.transaction((tx) =>
      issueInvoice(tx, orders, pay('pi_pdf123'), { poReference: 'PO-7781' }),
    );
    const text = await pdfText(await renderInvoicePdf(invoice, sellerOf(t.app.config)));
    expectTextToHold(text, [
      `Invoice ${invoice.number}`,
      'Acme Castings Ltd',
      '9 Mill Street, Leeds',
      'GB123456789',
      'Ada Buyer',
      buyer.email,
      '12 Foundry Lane, Sheffield',
      'PO-7781',
      'Hex bolt M8',
      '$1.25',
      '$50.00',
      '$100.00',
      'Visa card ending 4242',
      'pi_pdf123',
    ]);
    // Paid by card when it was issued: no transfer to ask for.
    expect(text).not.toContain('Pay by bank transfer');
  });

  it('tells the buyer of an invoice on terms where to pay, or whom to ask when no account is configured', async () => {
    const orders = await paidOrders(1, 8);
    const dueAt = new Date(Date.now() + 30 * 86_400_000);
    const invoice = await t.app.db.transaction((tx) =>
      issueInvoice(tx, orders, {
        reference: 'CO-TERMS-1',
        method: 'invoice',
        terms: { termsDays: 30, dueAt },
      }),
    );
    const configured = {
      ...t.app.config,
      bankAccount: {
        accountHolder: 'Acme Castings Ltd',
        bankName: 'Northern Bank',
        accountLabel: 'Account number' as const,
        account: '12345678',
        routingLabel: 'Routing number' as const,
        routing: '20-00-00',
      },
    };
    const text = await pdfText(await renderInvoicePdf(invoice, sellerOf(configured)));
    expectTextToHold(text, [
      'Pay by bank transfer to:',
      'Account holder: Acme Castings Ltd',
      'Bank: Northern Bank',
      'Account number: 12345678',
      'Routing number: 20-00-00',
      `Payment reference (quote it with the transfer): ${invoice.number}`,
    ]);

    // Production without SELLER_BANK_ACCOUNT: the invoice says whom to ask, and still which number to quote.
    const missing = await pdfText(
      await renderInvoicePdf(invoice, sellerOf({ ...t.app.config, bankAccount: null })),
    );
    expect(missing).toContain(
      `Our bank details are not on file here: please ask ${t.app.config.SELLER_EMAIL} for them.`,
    );
    expect(missing).toContain(`Payment reference (quote it with the transfer): ${invoice.number}`);
    expect(missing).not.toContain('Account holder');
  });

  it('credits a refunded line once, against its invoice, with its own number series', async () => {
    const orders = await paidOrders(2, 4);
    const invoice = await t.app.db.transaction((tx) => issueInvoice(tx, orders, pay('pi_refund1')));
    const note = await t.app.db.transaction((tx) => issueCreditNote(tx, orders[0]!));
    const again = await t.app.db.transaction((tx) => issueCreditNote(tx, orders[0]!));
    expect(note?.id).toBe(again?.id);
    expect(note?.number).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    expect(note?.creditsInvoiceId).toBe(invoice.id);
    expect(note?.totalCents).toBe(4 * 125);
    const text = await pdfText(await renderInvoicePdf(note!, sellerOf(t.app.config)));
    expect(text).toContain(`Credit note ${note!.number}`);
    expect(text).toContain('-$5.00');
    expect(text).toContain('pi_refund1');
  });

  it('lets the buyer and admins list and download the documents, and nobody else', async () => {
    const [order] = await paidOrders(1, 2);
    const invoice = await t.app.db.transaction((tx) => issueInvoice(tx, [order!], pay('pi_routes')));

    const mine = await t.app.inject({ url: '/api/myInvoices', headers: buyer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ number: string }[]>().map((doc) => doc.number)).toContain(invoice.number);

    const forOrder = await t.app.inject({ url: `/api/order/${order!.id}/invoices`, headers: admin.headers });
    expect(forOrder.json()).toEqual([
      expect.objectContaining({
        number: invoice.number,
        kind: 'invoice',
        total: 2.5,
        pdfUrl: `/api/invoices/${invoice.id}/pdf`,
      }),
    ]);

    const download = await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf`, headers: buyer.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    // A customer's invoice: never kept by a shared cache, never sniffed into something else.
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(await pdfText(download.rawPayload)).toContain(invoice.number);
    expect(
      (await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf`, headers: admin.headers })).statusCode,
    ).toBe(200);

    expect(
      (await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/order/${order!.id}/invoices`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/invoices/not-a-uuid/pdf', headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('issues the invoice when a card payment is recorded and attaches it to the receipt', async () => {
    const product = await makeProduct(t.app, {
      name: 'Flange DN50',
      priceCents: 1999,
      availableQuantity: 500,
    });
    const orderId = await placeOrder(t.app, buyer, product.id, 3);
    const transactionId = await payOrder(t.app, buyer, orderId);

    const documents = (
      await t.app.inject({ url: `/api/order/${orderId}/invoices`, headers: buyer.headers })
    ).json<{ number: string; kind: string; total: number; paymentReference: string }[]>();
    expect(documents).toEqual([
      expect.objectContaining({ kind: 'invoice', total: 59.97, paymentReference: transactionId }),
    ]);
    // Recording the same payment again (the PATCH the SPA sends next) keeps the one invoice.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: buyer.headers,
      payload: { transactionId },
    });
    expect(
      await t.app.db.select().from(invoices).where(eq(invoices.paymentReference, transactionId)),
    ).toHaveLength(1);

    const receipts = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, 'Payment received: Flange DN50'));
    expect(receipts).toHaveLength(1);
    const [attachment] = receipts[0]!.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `${documents[0]!.number}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(Buffer.from(attachment!.contentBase64, 'base64'));
    expect(text).toContain('Flange DN50');
    expect(text).toContain('$59.97');
  });

  it("credits a paid line when the shop cancels it, and sends the credit note with the customer's mail", async () => {
    const product = await makeProduct(t.app, { name: 'Gasket kit', priceCents: 850, availableQuantity: 500 });
    const orderId = await placeOrder(t.app, buyer, product.id, 2);
    await payOrder(t.app, buyer, orderId);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${orderId}`,
      headers: admin.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const mine = (await t.app.inject({ url: '/api/myInvoices', headers: buyer.headers })).json<
      { kind: string; total: number; orderIds: string[]; number: string }[]
    >();
    const forOrder = mine.filter((doc) => doc.orderIds.includes(orderId));
    expect(forOrder.map((doc) => [doc.kind, doc.total]).sort()).toEqual([
      ['credit_note', 17],
      ['invoice', 17],
    ]);
    const [mail] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, 'Order cancelled: Gasket kit'));
    const creditNote = forOrder.find((doc) => doc.kind === 'credit_note')!;
    expect(mail?.attachments?.map((file) => file.filename)).toEqual([`${creditNote.number}.pdf`]);
  });
});
