import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import {
  companies,
  invoices,
  orders,
  products,
  taxExemptions,
  taxRates,
  testPaymentIntents,
  type ProductRow,
} from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs, type Method } from './support/cast.ts';
import { checkoutInvoice, payCheckoutByCard } from './support/checkout.ts';
import { pdfProse } from './support/pdf.ts';
import { makeProduct } from './support/data.ts';

const delivery = { address: 'Werkstraße 4, 70173 Stuttgart', phone: '+49 711 000000' };

/** A buyer's company as its tax depends on it: where it is, its VAT ID and whether the shop verified it. */
interface Who {
  name: string;
  country: string | null;
  taxId?: string;
  verified?: boolean;
  /** An approved exemption certificate's last valid day. */
  exemptUntil?: string;
  /** A private person: no company at all. */
  person?: boolean;
}

/**
 * Tax as a tax office reads it (docs/decisions/0219), with the seller registered in Germany: each case
 * places a checkout by card, pays it and reads back the order, the charge and the invoice's text.
 */
describe('tax on orders and invoices (seller in Germany)', () => {
  let t: TestApp;
  let shop: TestUser;
  let standard: ProductRow;
  let reduced: ProductRow;
  let exempt: ProductRow;

  const as = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);

  async function buyerFor(who: Who): Promise<TestUser> {
    const buyer = await createUser(t.app, { name: `${who.name} buyer` });
    if (who.person) return buyer;
    const created = await as(shop, 'POST', '/api/companies', {
      name: who.name,
      billingAddress: '1 Example Street',
      country: 'DE',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    await t.app.db
      .update(companies)
      .set({
        country: who.country,
        taxId: who.taxId ?? null,
        taxIdVerifiedAt: who.verified ? new Date() : null,
      })
      .where(eq(companies.id, id));
    if (who.exemptUntil) {
      await t.app.db.insert(taxExemptions).values({
        companyId: id,
        certificateNumber: `EX-${who.name.length}`,
        expiresOn: who.exemptUntil,
        fileName: 'certificate.pdf',
        contentType: 'application/pdf',
        file: Buffer.from('%PDF-1.4 test'),
        status: 'approved',
      });
    }
    const member = await as(shop, 'POST', `/api/companies/${id}/members`, {
      email: buyer.email,
      role: 'admin',
    });
    expect(member.statusCode, member.body).toBe(201);
    return buyer;
  }

  /** Puts the lines in the buyer's cart, checks out by card and pays: the checkout, as answered. */
  async function buy(buyer: TestUser, lines: { product: ProductRow; quantity: number }[]) {
    for (const { product, quantity } of lines) {
      const added = await as(buyer, 'POST', '/api/cart/lines', {
        lines: [{ productId: product.id, quantity }],
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const cart = (await as(buyer, 'GET', '/api/cart')).json<Cart>();
    const placed = await as(buyer, 'POST', '/api/checkout', { ...delivery, paymentMethod: 'card' });
    expect(placed.statusCode, placed.body).toBe(201);
    const checkout = placed.json<Checkout>();
    const chargedCents = await payCheckoutByCard(t.app, buyer, checkout._id);
    const { invoice, text } = await checkoutInvoice(t.app, buyer, checkout._id);
    return {
      cart,
      checkout,
      chargedCents,
      invoice,
      text,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { SELLER_COUNTRY: 'DE', SELLER_TAX_ID: 'DE136695976' } });
    shop = await createUser(t.app, { admin: true });
    standard = await makeProduct(t.app, {
      name: 'Hex bolt M12',
      sku: 'TX-BOLT-M12-LONG-NUMBER',
      priceCents: 1999,
      availableQuantity: 1000,
    });
    reduced = await makeProduct(t.app, {
      name: 'Printed manual',
      sku: 'TX-MANUAL',
      priceCents: 1050,
      availableQuantity: 1000,
    });
    exempt = await makeProduct(t.app, {
      name: 'Training voucher',
      sku: 'TX-VOUCHER',
      priceCents: 800,
      availableQuantity: 1000,
    });
    await t.app.db.update(products).set({ taxCategory: 'reduced' }).where(eq(products.id, reduced.id));
    await t.app.db.update(products).set({ taxCategory: 'exempt' }).where(eq(products.id, exempt.id));
    await t.app.db.insert(taxRates).values([
      {
        country: 'DE',
        category: 'standard',
        rateBasisPoints: 1900,
        name: 'USt 19 %',
        validFrom: '2020-01-01',
      },
      { country: 'DE', category: 'reduced', rateBasisPoints: 700, name: 'USt 7 %', validFrom: '2020-01-01' },
      // A rate that has ended is never applied.
      {
        country: 'DE',
        category: 'standard',
        rateBasisPoints: 1600,
        name: 'USt 16 % (2020)',
        validFrom: '2019-01-01',
        validTo: '2019-12-31',
      },
      {
        country: 'FR',
        category: 'standard',
        rateBasisPoints: 2000,
        name: 'TVA 20 %',
        validFrom: '2020-01-01',
      },
    ]);
    t.app.catalogueCache.invalidate();
  });

  afterAll(async () => {
    await t?.close();
  });

  // 3 bolts: 59.97 net; 19 % of it is 11.3943, rounded half up to 11.39.
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  const cases: { who: Who; taxCents: number; treatment: string; wording: RegExp | null }[] = [
    {
      who: { name: 'Domestic GmbH', country: 'DE', taxId: 'DE129273398', verified: true },
      taxCents: 1139,
      treatment: 'taxed',
      wording: null,
    },
    {
      who: { name: 'Private person', country: null, person: true },
      taxCents: 1139,
      treatment: 'taxed',
      wording: null,
    },
    {
      who: { name: 'Intra-EU SARL', country: 'FR', taxId: 'FR40303265045', verified: true },
      taxCents: 0,
      treatment: 'reverse_charge',
      wording: /Reverse charge: VAT to be accounted for by the recipient.*Customer VAT ID FR40303265045/s,
    },
    // An ID the shop has not verified fails closed: the seller's own VAT is charged.
    {
      who: { name: 'Unverified SAS', country: 'FR', taxId: 'FR40303265045', verified: false },
      taxCents: 1139,
      treatment: 'taxed',
      wording: null,
    },
    {
      who: { name: 'Export Inc', country: 'US' },
      taxCents: 0,
      treatment: 'export',
      wording: /Export outside the seller’s tax area: zero-rated supply\./,
    },
    {
      who: { name: 'Exempt AG', country: 'DE', exemptUntil: nextYear },
      taxCents: 0,
      treatment: 'exempt',
      wording: new RegExp(`Tax exempt: exemption certificate EX-9, valid until ${nextYear}\\.`),
    },
    {
      who: { name: 'Expired AG', country: 'DE', exemptUntil: '2021-06-30' },
      taxCents: 1139,
      treatment: 'taxed',
      wording: null,
    },
  ];

  for (const { who, taxCents, treatment, wording } of cases) {
    it(`${who.name}: net 59.97, tax ${(taxCents / 100).toFixed(2)}, gross ${((5997 + taxCents) / 100).toFixed(2)} (${treatment})`, async () => {
      const buyer = await buyerFor(who);
      const { cart, checkout, chargedCents, invoice, text } = await buy(buyer, [
        { product: standard, quantity: 3 },
      ]);

      // The cart said beforehand what the checkout charged, and the card paid the gross.
      expect(cart.tax).toMatchObject({
        treatment,
        tax: taxCents / 100,
        totalWithTax: (5997 + taxCents) / 100,
      });
      expect(checkout.total).toBe(59.97);
      expect(checkout.tax).toMatchObject({
        treatment,
        tax: taxCents / 100,
        totalWithTax: (5997 + taxCents) / 100,
      });
      expect(chargedCents).toBe(5997 + taxCents);
      const [line] = await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
      expect(line).toMatchObject({
        totalCents: 5997,
        taxCents,
        taxRateBasisPoints: taxCents ? 1900 : 0,
        grossCents: 5997 + taxCents,
      });
      expect(invoice).toMatchObject({
        netCents: 5997,
        taxCents,
        totalCents: 5997 + taxCents,
        taxTreatment: treatment,
      });

      // The invoice a bookkeeper reads: both tax IDs, both dates, rate per line, summary, gross, wording.
      expect(text).toContain(`Invoice ${invoice.number}`);
      expect(text).toContain('Tax id: DE136695976');
      if (who.taxId) expect(text).toContain(`Tax ID ${who.taxId}`);
      expect(text).toMatch(/Invoice date: \d{4}-\d\d-\d\d/);
      expect(text).toMatch(/Supply date: \d{4}-\d\d-\d\d/);
      expect(text).toMatch(/Paid on \d{1,2} [A-Z][a-z]{2} \d{4}, reference /);
      expect(text).toContain('Currency: US dollars (USD)');
      expect(text).toContain('TX-BOLT-M12-LONG-NUMBER');
      expect(text).toContain('Net total');
      expect(text).toContain(`Tax ${taxCents ? '19' : '0'} % on $59.97`);
      expect(text).toContain(`$${(taxCents / 100).toFixed(2)}`);
      expect(text).toContain('Total (gross)');
      expect(text).toContain(`$${((5997 + taxCents) / 100).toFixed(2)}`);
      if (wording) expect(text).toMatch(wording);
      else expect(text).not.toMatch(/Reverse charge|zero-rated|Tax exempt/);
    });
  }

  it('taxes a mixed cart per line: standard, reduced and exempt parts, each rate summed on the invoice', async () => {
    const buyer = await buyerFor({ name: 'Mixed KG', country: 'DE' });
    const { checkout, chargedCents, invoice, text } = await buy(buyer, [
      { product: standard, quantity: 3 },
      { product: reduced, quantity: 7 },
      { product: exempt, quantity: 2 },
    ]);
    // 59.97 × 19 % = 11.39; 73.50 × 7 % = 5.145 → 5.15 (half up); 16.00 exempt.
    expect(checkout.total).toBe(149.47);
    expect(checkout.tax).toMatchObject({ tax: 16.54, totalWithTax: 166.01 });
    expect(chargedCents).toBe(16601);
    expect(invoice.lines.map((line) => [line.totalCents, line.taxRateBasisPoints, line.taxCents])).toEqual([
      [5997, 1900, 1139],
      [7350, 700, 515],
      [1600, 0, 0],
    ]);
    expect(text).toContain('Tax 0 % on $16.00');
    expect(text).toContain('Tax 7 % on $73.50');
    expect(text).toContain('Tax 19 % on $59.97');
    expect(text).toContain('$166.01');
  });

  it('refunds a cancelled line with its tax and issues a credit note that cites the invoice', async () => {
    const buyer = await buyerFor({ name: 'Refund GmbH', country: 'DE' });
    const { checkout, invoice } = await buy(buyer, [
      { product: standard, quantity: 3 },
      { product: reduced, quantity: 7 },
    ]);
    const [bolts] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.productId, standard.id))
      .orderBy(orders.createdAt);
    const line = (await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id))).find(
      (order) => order.productId === standard.id,
    )!;
    expect(bolts).toBeDefined();
    const cancelled = await as(shop, 'DELETE', `/api/myOrder/${line.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, line.transactionId!));
    expect(intent!.refundedCents).toBe(5997 + 1139);

    const documents = (await as(buyer, 'GET', '/api/myInvoices')).json<InvoiceSummary[]>();
    const note = documents.find((doc) => doc.kind === 'credit_note' && doc.orderIds.includes(line.id))!;
    expect(note).toMatchObject({ total: 71.36, net: 59.97, tax: 11.39 });
    const [noteRow] = await t.app.db.select().from(invoices).where(eq(invoices.id, note._id));
    expect(noteRow).toMatchObject({ netCents: 5997, taxCents: 1139, totalCents: 7136 });
    const text = await pdfProse((await as(buyer, 'GET', note.pdfUrl)).rawPayload);
    expect(text).toContain(`Corrects invoice ${invoice.number}`);
    expect(text).toContain('Tax 19 % on -$59.97');
    expect(text).toContain('-$71.36');
    expect(text).toContain('The tax of the credited lines is reversed.');
    // What is left owed on the invoice: nothing; what was credited is exactly the line's gross.
    const standing = documents.find((doc) => doc._id === invoice.id)!;
    expect(standing.total).toBe((5997 + 1139 + 7350 + 515) / 100);
  });

  it('refuses an order where a rate must exist and does not (409, nothing placed), and the cart says why', async () => {
    await t.app.db.update(products).set({ taxCategory: 'reduced' }).where(eq(products.id, exempt.id));
    const buyer = await buyerFor({ name: 'Unverified SARL', country: 'FR', taxId: 'FR40303265045' });
    // Unverified: taxed at the seller's (German) rates, which have a reduced rate; France's are not used.
    const added = await as(buyer, 'POST', '/api/cart/lines', {
      lines: [{ productId: exempt.id, quantity: 1 }],
    });
    expect(added.json<Cart>().tax).toMatchObject({ tax: 0.56, totalWithTax: 8.56 });
    await t.app.db.delete(taxRates).where(eq(taxRates.category, 'reduced'));
    const cart = (await as(buyer, 'GET', '/api/cart')).json<Cart>();
    expect(cart.tax?.problem).toBe(
      "No reduced tax rate is set for DE today: the shop cannot charge this order's tax. Please contact us.",
    );
    const before = await t.app.db.select().from(orders);
    const refused = await as(buyer, 'POST', '/api/checkout', { ...delivery, paymentMethod: 'card' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TAX_RATE_MISSING' });
    expect(await t.app.db.select().from(orders)).toHaveLength(before.length);
    await t.app.db.update(products).set({ taxCategory: 'exempt' }).where(eq(products.id, exempt.id));
  });
});

describe('a shop that charges no tax', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('keeps prices as they are and says nothing of tax on the cart, the checkout or the invoice', async () => {
    t = await buildTestApp();
    const buyer = await createUser(t.app);
    const part = await makeProduct(t.app, { priceCents: 1000 });
    const cart = await requestAs(t.app, buyer, 'POST', '/api/cart/lines', {
      lines: [{ productId: part.id, quantity: 2 }],
    });
    expect(cart.json<Cart>().tax).toBeUndefined();
    const placed = await requestAs(t.app, buyer, 'POST', '/api/checkout', {
      ...delivery,
      paymentMethod: 'card',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Checkout>()).toMatchObject({ total: 20 });
    expect(placed.json<Checkout>().tax).toBeUndefined();
  });
});
