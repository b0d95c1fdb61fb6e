import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { DeliveryMethodDto, DeliveryOptions, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import type { Quote } from '@forgeline/shared/schemas/quote';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { COLLECTION_ADDRESS } from '@forgeline/shared/delivery';
import { checkouts, orders } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import {
  addDeliveryMethod,
  addIllinoisSalesTax,
  CHICAGO_ADDRESS,
  deliveryToIllinois,
  fillCart,
  placeToIllinois,
} from './support/checkout.ts';
import { makeProduct } from './support/data.ts';

/** Delivery charged on every placement path (decision 0268), collection without an address, freight on terms (0270). */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let bolt: { id: string; name: string };
let plate: { id: string };
let parcel: DeliveryMethodDto;

let freight: DeliveryMethodDto;
let pickup: DeliveryMethodDto;

const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);
const checkoutRow = async (id: string) =>
  (await t.app.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;

const fill = (user: TestUser, lines: { productId: string; quantity: number }[]) =>
  fillCart(t.app, user, lines);

beforeAll(async () => {
  t = await buildTestApp({ env: { SELLER_COUNTRY: 'US', SELLER_REGION: 'IL' } });
  [admin, buyer] = await Promise.all([
    createUser(t.app, { admin: true }),
    createUser(t.app, { name: 'Paths Buyer' }),
  ]);
  await addIllinoisSalesTax(t.app, admin);
  bolt = await makeProduct(t.app, {
    name: 'Paths bolt',
    priceCents: 1000,
    availableQuantity: 1000,
    weightGrams: 200,
  });
  plate = await makeProduct(t.app, { name: 'Paths plate', priceCents: 3000, availableQuantity: 1000 });
  const home = (
    await call(admin, 'POST', '/api/delivery/zones', { name: 'Mainland US', destinations: ['US'] })
  ).json<DeliveryZoneDto>();
  const add = (body: unknown) => addDeliveryMethod(t.app, admin, body);
  parcel = await add({ name: 'Parcel', kind: 'flat', rates: [{ zoneId: home.id, price: 15 }] });
  await add({
    name: 'Light parcel',
    kind: 'weight',
    rates: [{ zoneId: home.id, bands: [{ maxGrams: 2000, price: 9 }] }],
  });
  freight = await add({ name: 'Freight', kind: 'freight_quote', rates: [{ zoneId: home.id }] });
  pickup = await add({ name: 'Collection', kind: 'collection' });
}, 60_000);
afterAll(() => t.close());

describe("the spec's POST /order", () => {
  it('charges the cheapest priced method to the buyer’s country, taxed, in the gross', async () => {
    const res = await call(buyer, 'POST', '/api/order', {
      productId: bolt.id,
      buyQuantity: 10,
      ...CHICAGO_ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, id));
    // 10 bolts of 200 g: the 2 kg band at $9 beats the $15 parcel; not collection, not freight.
    expect(order).toMatchObject({
      totalCents: 10_000,
      taxCents: 625,
      deliveryCents: 900,
      deliveryTaxCents: 56,
    });
    expect(order!.grossCents).toBe(10_000 + 625 + 900 + 56);
    const checkout = await checkoutRow(order!.checkoutId!);
    expect(checkout).toMatchObject({ deliveryMethodName: 'Light parcel', deliveryStatus: 'priced' });
  });

  it('is shown before the order: GET /order/delivery answers what POST /order then charges', async () => {
    const preview = async (buyQuantity: number) => {
      const res = await call(
        buyer,
        'GET',
        `/api/order/delivery?productId=${bolt.id}&buyQuantity=${buyQuantity}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ delivery: DeliveryOptions['options'][number] | null }>().delivery;
    };
    // 10 bolts: the light parcel and its Illinois tax (as charged above); 20 bolts: the flat parcel.
    expect(await preview(10)).toMatchObject({ name: 'Light parcel', cost: 9, tax: 0.56 });
    expect(await preview(20)).toMatchObject({ name: 'Parcel', cost: 15 });
    // A quantity the order would refuse carries no delivery; bad input is a 400 naming it.
    expect(await preview(5000)).toBeNull();
    const bad = await call(buyer, 'GET', `/api/order/delivery?productId=${bolt.id}&buyQuantity=lots`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/quantity/i);
    expect(
      (await call(null, 'GET', `/api/order/delivery?productId=${bolt.id}&buyQuantity=10`)).statusCode,
    ).toBe(401);
  });

  it('takes the next method when the cheapest no longer serves the weight', async () => {
    // 20 bolts weigh 4 kg: only the flat parcel serves, so it is charged.
    const res = await call(buyer, 'POST', '/api/order', {
      productId: bolt.id,
      buyQuantity: 20,
      ...CHICAGO_ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, res.json<{ insertedId: string }>().insertedId));
    expect(order!.deliveryCents).toBe(1500);
  });
});

describe("the spec's POST /order where nothing priced delivers", () => {
  it('still places the order, without a delivery charge (the shop’s own country is not configured)', async () => {
    const bare = await buildTestApp();
    try {
      const [shopAdmin, someone] = await Promise.all([
        createUser(bare.app, { admin: true }),
        createUser(bare.app, { name: 'Form Buyer' }),
      ]);
      const zone = (
        await requestAs(bare.app, shopAdmin, 'POST', '/api/delivery/zones', {
          name: 'Mainland US',
          destinations: ['US'],
        })
      ).json<DeliveryZoneDto>();
      const method = await requestAs(bare.app, shopAdmin, 'POST', '/api/delivery/methods', {
        name: 'Parcel',
        kind: 'flat',
        rates: [{ zoneId: zone.id, price: 15 }],
      });
      expect(method.statusCode, method.body).toBe(201);
      const part = await makeProduct(bare.app, {
        name: 'Form part',
        priceCents: 1000,
        availableQuantity: 50,
      });
      const res = await requestAs(bare.app, someone, 'POST', '/api/order', {
        productId: part.id,
        buyQuantity: 5,
        ...CHICAGO_ADDRESS,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [order] = await bare.app.db
        .select()
        .from(orders)
        .where(eq(orders.id, res.json<{ insertedId: string }>().insertedId));
      expect(order).toMatchObject({ deliveryCents: 0, quantity: 5 });
    } finally {
      await bare.close();
    }
  });
});

describe('collection from the works', () => {
  it('takes no address, and the order says collection', async () => {
    await fill(buyer, [{ productId: plate.id, quantity: 2 }]);
    const refused = await expectRefused(
      t.app,
      () =>
        call(buyer, 'POST', '/api/checkout', {
          phone: CHICAGO_ADDRESS.phone,
          delivery: deliveryToIllinois(parcel.id),
        }),
      400,
    );
    expect(refused.json()).toMatchObject({ details: { address: expect.any(String) } });
    const res = await call(buyer, 'POST', '/api/checkout', {
      phone: CHICAGO_ADDRESS.phone,
      delivery: deliveryToIllinois(pickup.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<Checkout>();
    expect(checkout.address).toBe(COLLECTION_ADDRESS);
    expect(checkout.delivery).toMatchObject({ kind: 'collection', cost: 0 });
  });
});

describe('quote acceptance', () => {
  async function offered(): Promise<Quote> {
    const asked = await call(buyer, 'POST', '/api/quotes', {
      lines: [{ productId: plate.id, quantity: 10 }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const quote = asked.json<Quote>();
    const res = await call(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
      lines: [{ lineId: quote.lines[0]!._id, price: 25 }],
      validDays: 14,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Quote>();
  }

  it('asks the buyer for a method, offers the ones serving the offer, and charges the one chosen', async () => {
    const quote = await offered();
    const options = await call(
      buyer,
      'GET',
      `/api/quotes/${quote._id}/delivery-options?country=US&region=IL`,
    );
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<DeliveryOptions>().options.map((o) => o.name)).toEqual(
      expect.arrayContaining(['Parcel', 'Collection', 'Freight']),
    );
    const missing = await expectRefused(
      t.app,
      () => call(buyer, 'POST', `/api/quotes/${quote._id}/accept`, CHICAGO_ADDRESS),
      400,
    );
    expect(missing.json()).toMatchObject({ code: 'DELIVERY_REQUIRED' });
    const res = await call(buyer, 'POST', `/api/quotes/${quote._id}/accept`, {
      ...CHICAGO_ADDRESS,
      delivery: deliveryToIllinois(parcel.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<Checkout>();
    expect(checkout.delivery).toMatchObject({ method: 'Parcel', cost: 15, tax: 0.94 });
    const lines = await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
    // $250 offered + 6.25 % + $15 + its tax.
    expect(lines.reduce((sum, line) => sum + line.grossCents, 0)).toBe(25_000 + 1563 + 1500 + 94);
  });
});

describe('freight priced on payment terms', () => {
  it('re-checks the credit line: over it is refused and nothing changes, within it is invoiced', async () => {
    const termsBuyer = await createUser(t.app, { name: 'Small Line' });
    const terms = await call(admin, 'PATCH', `/api/users/${termsBuyer.id}/terms`, {
      terms: { termsDays: 30, creditLimit: 1000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    await fill(termsBuyer, [{ productId: plate.id, quantity: 10 }]);
    const placed = await placeToIllinois(t.app, termsBuyer, freight.id, {
      paymentMethod: 'invoice',
      poReference: 'PO-F1',
    });
    const id = placed._id;
    const over = await expectRefused(
      t.app,
      () => call(admin, 'POST', `/api/checkouts/${id}/freight`, { price: 900 }),
      400,
    );
    expect(over.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED' });
    expect(await checkoutRow(id)).toMatchObject({ deliveryStatus: 'awaiting_quote', deliveryCents: 0 });
    const ok = await call(admin, 'POST', `/api/checkouts/${id}/freight`, { price: 100 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await checkoutRow(id)).toMatchObject({ deliveryStatus: 'priced', deliveryCents: 10_000 });
    // The invoice names its order once, though the delivery line is booked to that order too.
    const mine = (await call(termsBuyer, 'GET', '/api/myInvoices')).json<InvoiceSummary[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.orderIds).toEqual(placed.orders.map((order) => order._id));
  });
});
