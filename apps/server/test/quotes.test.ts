import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { checkouts, invoices, outboxMessages, products, quotes } from '../src/db/schema/index.ts';
import { closeLapsedQuotes } from '../src/modules/quotes/expiry.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { GOOD_CARD, makeProduct, stockOf } from './support/data.ts';
import { expectTextToHold, pdfText } from './support/pdf.ts';

const DAY = 86_400_000;

describe('quotes: request → offer → accept | decline | expire', () => {
  let t: TestApp;
  let buyer: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let bolts: { id: string };
  let nuts: { id: string };

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await createUser(t.app, { name: 'Bea Buyer' });
    stranger = await createUser(t.app);
    admin = await createUser(t.app, { admin: true });
    bolts = await makeProduct(t.app, {
      name: 'Hex bolt M10',
      priceCents: 90,
      minOrder: 100,
      availableQuantity: 50_000,
    });
    nuts = await makeProduct(t.app, {
      name: 'Hex nut M10',
      priceCents: 30,
      minOrder: 100,
      availableQuantity: 50_000,
    });
  });
  afterAll(() => t.close());

  const as = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    requestAs(t.app, user, method, url, payload);

  async function requested(): Promise<Quote> {
    const res = await as(buyer, 'POST', '/api/quotes', {
      lines: [
        { productId: bolts.id, quantity: 5000, targetPrice: 0.7 },
        { productId: nuts.id, quantity: 5000 },
      ],
      note: 'Monthly call-off for the Hull plant',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Quote>();
  }

  async function offered(validDays = 14): Promise<Quote> {
    const quote = await requested();
    const res = await as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
      lines: [
        { lineId: quote.lines[0]!._id, price: 0.75 },
        { lineId: quote.lines[1]!._id, price: 0.25 },
      ],
      validDays,
      message: 'Best we can do at 5,000.',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Quote>();
  }

  const mailsTo = (address: string) =>
    t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, address))
      .orderBy(asc(outboxMessages.createdAt));

  it('records a request with its lines at list price, numbered, and tells the admins', async () => {
    const quote = await requested();
    expect(quote).toMatchObject({
      status: 'requested',
      buyerName: 'Bea Buyer',
      buyerEmail: buyer.email,
      note: 'Monthly call-off for the Hull plant',
      total: null,
      pdfUrl: null,
      lines: [
        { productName: 'Hex bolt M10', quantity: 5000, listPrice: 0.9, targetPrice: 0.7, offeredPrice: null },
        { productName: 'Hex nut M10', quantity: 5000, listPrice: 0.3, targetPrice: null, offeredPrice: null },
      ],
    });
    expect(quote.number).toMatch(/^Q-\d{4}-\d{6}$/);
    const mails = await mailsTo(admin.email);
    expect(mails.some((mail) => mail.subject === `Quote requested: ${quote.number}`)).toBe(true);
    // A buyer's words never go out in the shop's mail.
    expect(mails.every((mail) => !mail.textBody.includes('Hull plant'))).toBe(true);
  });

  it('refuses a request with an unknown part, a quantity below the minimum, a repeated part or no lines, creating nothing', async () => {
    const unknown = await expectRefused(
      t.app,
      () =>
        as(buyer, 'POST', '/api/quotes', {
          lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 500 }],
        }),
      400,
    );
    expect(unknown.json().details).toEqual({
      'lines.0.productId': 'This part is no longer in the catalogue.',
    });
    const below = await expectRefused(
      t.app,
      () => as(buyer, 'POST', '/api/quotes', { lines: [{ productId: bolts.id, quantity: 50 }] }),
      400,
    );
    expect(below.json().message).toBe("Hex bolt M10: You can't order less than 100 pcs !");
    await expectRefused(
      t.app,
      () =>
        as(buyer, 'POST', '/api/quotes', {
          lines: [
            { productId: bolts.id, quantity: 500 },
            { productId: bolts.id, quantity: 600 },
          ],
        }),
      400,
    );
    await expectRefused(t.app, () => as(buyer, 'POST', '/api/quotes', { lines: [] }), 400);
    await expectRefused(
      t.app,
      () =>
        as(buyer, 'POST', '/api/quotes', {
          lines: [{ productId: bolts.id, quantity: 500, targetPrice: 0.001 }],
        }),
      400,
    );
    await expectRefused(
      t.app,
      () => as(null, 'POST', '/api/quotes', { lines: [{ productId: bolts.id, quantity: 500 }] }),
      401,
    );
  });

  it('lets only an admin price a quote, every line once, and tells the buyer', async () => {
    const quote = await requested();
    await expectRefused(
      t.app,
      () =>
        as(buyer, 'POST', `/api/quotes/${quote._id}/offer`, {
          lines: [{ lineId: quote.lines[0]!._id, price: 0.1 }],
        }),
      403,
    );
    const partial = await expectRefused(
      t.app,
      () =>
        as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
          lines: [{ lineId: quote.lines[0]!._id, price: 0.8 }],
        }),
      400,
    );
    expect(partial.json().message).toBe('Give a price for every line: Hex nut M10.');

    const res = await as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
      lines: [
        { lineId: quote.lines[0]!._id, price: 0.75 },
        { lineId: quote.lines[1]!._id, price: 0.25 },
      ],
      validDays: 10,
    });
    const offer = res.json<Quote>();
    expect(offer).toMatchObject({ status: 'offered', total: 5000, pdfUrl: `/api/quotes/${quote._id}/pdf` });
    expect(offer.lines.map((line) => [line.offeredPrice, line.lineTotal])).toEqual([
      [0.75, 3750],
      [0.25, 1250],
    ]);
    const days = (Date.parse(offer.expiresAt!) - Date.parse(offer.offeredAt!)) / DAY;
    expect(days).toBe(10);
    expect(
      (await mailsTo(buyer.email)).some((mail) => mail.subject === `Your quote ${quote.number} is ready`),
    ).toBe(true);
  });

  it('keeps quotes private to their buyer and the admins', async () => {
    const quote = await requested();
    expect((await as(buyer, 'GET', `/api/quotes/${quote._id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/quotes/${quote._id}`)).statusCode).toBe(200);
    expect((await as(stranger, 'GET', `/api/quotes/${quote._id}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', `/api/quotes/${quote._id}`)).statusCode).toBe(401);
    expect((await as(stranger, 'GET', '/api/quotes')).statusCode).toBe(403);
    await expectRefused(
      t.app,
      () => as(stranger, 'POST', `/api/quotes/${quote._id}/messages`, { body: 'hi' }),
      404,
    );
    await expectRefused(t.app, () => as(stranger, 'POST', `/api/quotes/${quote._id}/decline`), 404);
    const mine = (await as(stranger, 'GET', '/api/myQuotes')).json<Quote[]>();
    expect(mine).toEqual([]);
    const open = (await as(admin, 'GET', '/api/quotes?status=requested')).json<Quote[]>();
    expect(open.map((q) => q._id)).toContain(quote._id);
  });

  it('carries messages both ways and mails the other side', async () => {
    const quote = await requested();
    await as(buyer, 'POST', `/api/quotes/${quote._id}/messages`, { body: 'Can you deliver in two drops?' });
    const res = await as(admin, 'POST', `/api/quotes/${quote._id}/messages`, {
      body: 'Yes, at no extra cost.',
    });
    expect(res.json<Quote>().messages.map((m) => [m.author, m.body])).toEqual([
      ['buyer', 'Can you deliver in two drops?'],
      ['seller', 'Yes, at no extra cost.'],
    ]);
    expect(
      (await mailsTo(admin.email)).some((m) => m.subject === `New message on quote ${quote.number}`),
    ).toBe(true);
    expect(
      (await mailsTo(buyer.email)).some((m) => m.subject === `New message on your quote ${quote.number}`),
    ).toBe(true);
    await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/messages`, { body: '   ' }),
      400,
    );
    await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/messages`, { body: 'x'.repeat(2001) }),
      400,
    );
  });

  it('closes a declined quote for good; two tabs declining at once decline it once', async () => {
    const quote = await offered();
    const [a, b] = await Promise.all([
      as(buyer, 'POST', `/api/quotes/${quote._id}/decline`),
      as(buyer, 'POST', `/api/quotes/${quote._id}/decline`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      'This quote was declined and is closed.',
    );
    await expectRefused(
      t.app,
      () =>
        as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
          lines: quote.lines.map((l) => ({ lineId: l._id, price: 0.5 })),
        }),
      409,
    );
  });

  it('expires an offer at its date: it reads expired at once, refuses actions, and the buyer hears once', async () => {
    const quote = await offered(1);
    const later = new Date(Date.now() + 2 * DAY);
    // Before the job runs, the expiry already counts.
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, quote._id));
    await t.app.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, quote._id));
    expect((await as(buyer, 'GET', `/api/quotes/${quote._id}`)).json<Quote>().status).toBe('expired');
    const refused = await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/decline`),
      409,
    );
    expect(refused.json()).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: 'This offer has expired. Please ask for a new quote.',
    });

    expect(await closeLapsedQuotes(t.app, later)).toBeGreaterThanOrEqual(1);
    expect(await closeLapsedQuotes(t.app, later)).toBe(0);
    const [closed] = await t.app.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect(closed?.status).toBe('expired');
    expect(row?.status).toBe('offered');
    const expiryMails = (await mailsTo(buyer.email)).filter(
      (m) => m.subject === `Your quote ${quote.number} has expired`,
    );
    expect(expiryMails).toHaveLength(1);
  });

  const delivery = { address: '4 Quay Street, Hull', phone: '+44 1482 000000', poReference: 'PO-Q-1' };

  it('accepts an offer as a checkout at the offered prices, paid with one card payment, and tells the admins', async () => {
    const quote = await offered();
    const stockBefore = await stockOf(t.app, bolts.id);
    const res = await as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery);
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<Checkout>();
    expect(checkout).toMatchObject({
      poReference: 'PO-Q-1',
      address: delivery.address,
      total: 5000,
      paid: false,
    });
    // 5,000 bolts at the offered 0.75 (list 0.90) and 5,000 nuts at 0.25.
    expect(checkout.orders.map((o) => [o.productName, o.price, o.buyQuantity, o.totalPrize]).sort()).toEqual([
      ['Hex bolt M10', 0.75, 5000, 3750],
      ['Hex nut M10', 0.25, 5000, 1250],
    ]);
    expect(await stockOf(t.app, bolts.id)).toBe(stockBefore - 5000);
    const accepted = (await as(buyer, 'GET', `/api/quotes/${quote._id}`)).json<Quote>();
    expect(accepted).toMatchObject({ status: 'accepted', checkoutId: checkout._id });
    // The admins get one mail of it: the new order's, naming the quote and linking to it.
    const adminMails = (await mailsTo(admin.email)).filter((m) => m.textBody.includes(quote.number));
    expect(adminMails.map((m) => m.subject)).toEqual([
      `New order ${checkout.number} (PO PO-Q-1) from quote ${quote.number}: 2 lines, $5,000.00`,
    ]);
    expect(adminMails[0]!.textBody).toContain(`/dashboard/quotes/${quote._id}`);

    const intent = await as(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await as(buyer, 'POST', '/api/payments/test-card/confirm', {
      clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
      ...GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await as(buyer, 'GET', `/api/checkouts/${checkout._id}`)).json<Checkout>();
    expect(after.paid).toBe(true);
    // Accepted once: a second accept is refused and places nothing.
    const again = await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery),
      409,
    );
    expect(again.json()).toMatchObject({
      code: 'QUOTE_ACCEPTED',
      message: 'This quote has already been accepted.',
    });
  });

  it('accepts an offer on invoice for a customer with payment terms, and refuses that without them', async () => {
    const quote = await offered();
    const onInvoice = { ...delivery, paymentMethod: 'invoice' };
    const refused = await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, onInvoice),
      403,
    );
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_TERMS_NOT_APPROVED' });
    expect((await as(buyer, 'GET', `/api/quotes/${quote._id}`)).json<Quote>().status).toBe('offered');

    const approved = await as(admin, 'PATCH', `/api/users/${buyer.id}/terms`, {
      terms: { termsDays: 30, creditLimit: 20_000 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    try {
      const res = await as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, onInvoice);
      expect(res.statusCode, res.body).toBe(201);
      const checkout = res.json<Checkout>();
      expect(checkout).toMatchObject({ paymentMethod: 'invoice', total: 5000, paid: false });
      const dueInDays = (Date.parse(checkout.dueAt!) - Date.now()) / DAY;
      expect(dueInDays).toBeGreaterThan(29.9);
      expect(dueInDays).toBeLessThan(30.1);
      // Its invoice is issued with it, at the offered prices.
      const issued = await t.app.db.select().from(invoices).where(eq(invoices.checkoutId, checkout._id));
      expect(issued.map((invoice) => [invoice.kind, invoice.totalCents])).toEqual([['invoice', 500_000]]);
    } finally {
      await as(admin, 'PATCH', `/api/users/${buyer.id}/terms`, { terms: null });
    }
  });

  it('two tabs accepting at once place one checkout', async () => {
    const quote = await offered();
    const before = await t.app.db.select().from(checkouts);
    const [a, b] = await Promise.all([
      as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery),
      as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await t.app.db.select().from(checkouts)).length).toBe(before.length + 1);
  });

  it('refuses to accept an unpriced, expired, foreign or unorderable quote, creating nothing', async () => {
    const unpriced = await requested();
    const notYet = await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${unpriced._id}/accept`, delivery),
      409,
    );
    expect(notYet.json()).toMatchObject({ code: 'QUOTE_NOT_OFFERED' });

    const quote = await offered();
    await expectRefused(t.app, () => as(stranger, 'POST', `/api/quotes/${quote._id}/accept`, delivery), 404);
    await expectRefused(t.app, () => as(admin, 'POST', `/api/quotes/${quote._id}/accept`, delivery), 403);
    await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, { ...delivery, phone: '' }),
      400,
    );
    await expectRefused(
      t.app,
      () =>
        as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, { ...delivery, poReference: 'P'.repeat(200) }),
      400,
    );

    // Stock has gone since the offer: the rules still apply, nothing is taken, the offer stays open.
    const scarce = await makeProduct(t.app, {
      name: 'Scarce washer',
      priceCents: 10,
      minOrder: 1,
      availableQuantity: 50,
    });
    const asked = await as(buyer, 'POST', '/api/quotes', { lines: [{ productId: scarce.id, quantity: 40 }] });
    const scarceQuote = asked.json<Quote>();
    await as(admin, 'POST', `/api/quotes/${scarceQuote._id}/offer`, {
      lines: [{ lineId: scarceQuote.lines[0]!._id, price: 0.08 }],
      validDays: 7,
    });
    await t.app.db.update(products).set({ availableQuantity: 10 }).where(eq(products.id, scarce.id));
    const short = await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${scarceQuote._id}/accept`, delivery),
      400,
    );
    expect(short.json<{ message: string }>().message).toMatch(
      /^This offer cannot be ordered as it is now \(Scarce washer: /,
    );
    expect((await as(buyer, 'GET', `/api/quotes/${scarceQuote._id}`)).json<Quote>().status).toBe('offered');

    await t.app.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, quote._id));
    const lapsed = await expectRefused(
      t.app,
      () => as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery),
      409,
    );
    expect(lapsed.json()).toMatchObject({ code: 'QUOTE_EXPIRED' });
  });

  it('prints a priced quote as a PDF with its lines, prices and validity', async () => {
    const quote = await offered();
    expect((await as(buyer, 'GET', `/api/quotes/${(await requested())._id}/pdf`)).statusCode).toBe(409);
    const res = await as(buyer, 'GET', `/api/quotes/${quote._id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const text = await pdfText(res.rawPayload);
    expectTextToHold(text, [
      `Quote ${quote.number}`,
      'Bea Buyer',
      'Hex bolt M10',
      '$0.75',
      '$3,750.00',
      '$5,000.00',
      `Valid until: ${quote.expiresAt!.slice(0, 10)}`,
    ]);
    expect((await as(stranger, 'GET', `/api/quotes/${quote._id}/pdf`)).statusCode).toBe(404);
  });
});
