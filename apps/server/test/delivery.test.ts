import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { DeliveryMethodDto, DeliveryOptions, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { checkouts, invoices, orders, outboxMessages } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import {
  addDeliveryMethod,
  addIllinoisSalesTax,
  CHICAGO_ADDRESS,
  deliveryToIllinois,
  checkoutInvoice,
  fillCart,
  payCheckoutByCard,
  placeToIllinois,
} from './support/checkout.ts';
import { makeProduct } from './support/data.ts';

/** Delivery methods and costs (decisions 0235, 0236), on a seller in Illinois that charges 6.25 %. */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let termsBuyer: TestUser;
let bolt: { id: string };
let plate: { id: string };
let home: DeliveryZoneDto;
let europe: DeliveryZoneDto;
let parcel: DeliveryMethodDto;
let pallet: DeliveryMethodDto;
let freight: DeliveryMethodDto;
let pickup: DeliveryMethodDto;

const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);

const fill = (user: TestUser, lines: { productId: string; quantity: number }[]) =>
  fillCart(t.app, user, lines);

const place = (user: TestUser, methodId: string, fields?: Record<string, unknown>) =>
  placeToIllinois(t.app, user, methodId, fields);
const payByCard = (user: TestUser, checkoutId: string) => payCheckoutByCard(t.app, user, checkoutId);
const invoiceText = (user: TestUser, checkoutId: string) => checkoutInvoice(t.app, user, checkoutId);

beforeAll(async () => {
  t = await buildTestApp({ env: { SELLER_COUNTRY: 'US', SELLER_REGION: 'IL' } });
  [admin, buyer, termsBuyer] = await Promise.all([
    createUser(t.app, { admin: true }),
    createUser(t.app, { name: 'Delivery Buyer' }),
    createUser(t.app, { name: 'Terms Buyer' }),
  ]);
  await addIllinoisSalesTax(t.app, admin);
  const terms = await call(admin, 'PATCH', `/api/users/${termsBuyer.id}/terms`, {
    terms: { termsDays: 30, creditLimit: 100_000 },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  bolt = await makeProduct(t.app, {
    name: 'Delivery bolt',
    priceCents: 1000,
    availableQuantity: 1000,
    weightGrams: 200,
  });
  plate = await makeProduct(t.app, {
    name: 'Delivery plate',
    priceCents: 3000,
    availableQuantity: 1000,
    weightGrams: 4000,
  });
}, 60_000);
afterAll(() => t.close());

describe('the shop admin sets zones and methods', () => {
  it('adds zones and one method of each kind', async () => {
    const a = await call(admin, 'POST', '/api/delivery/zones', { name: 'Mainland US', destinations: ['us'] });
    expect(a.statusCode, a.body).toBe(201);
    home = a.json<DeliveryZoneDto>();
    expect(home.destinations).toEqual(['US']);
    europe = (
      await call(admin, 'POST', '/api/delivery/zones', { name: 'Europe', destinations: ['DE', 'FR'] })
    ).json();

    const add = (body: unknown) => addDeliveryMethod(t.app, admin, body);
    parcel = await add({ name: 'Parcel', kind: 'flat', rates: [{ zoneId: home.id, price: 15 }] });
    pallet = await add({
      name: 'Pallet',
      kind: 'weight',
      rates: [
        {
          zoneId: home.id,
          bands: [
            { maxGrams: 2000, price: 9 },
            { maxGrams: 50_000, price: 60 },
          ],
        },
      ],
    });
    await add({
      name: 'Free over $500',
      kind: 'free_over',
      rates: [{ zoneId: home.id, price: 25, freeFrom: 500 }],
    });
    freight = await add({
      name: 'Freight',
      kind: 'freight_quote',
      rates: [{ zoneId: home.id }, { zoneId: europe.id }],
    });
    pickup = await add({ name: 'Collection', kind: 'collection' });
    expect((await call(admin, 'GET', '/api/delivery/methods')).json<DeliveryMethodDto[]>()).toHaveLength(5);
  });

  it('refuses a rate for an unknown zone, a negative price, a band at 0 g and a buyer, changing nothing', async () => {
    const unknown = await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', '/api/delivery/methods', {
          name: 'Ghost',
          kind: 'flat',
          rates: [{ zoneId: '00000000-0000-4000-8000-000000000000', price: 5 }],
        }),
      400,
    );
    expect(unknown.json()).toMatchObject({
      code: 'UNKNOWN_ZONE',
      message: "Unknown zone 00000000-0000-4000-8000-000000000000: choose one of the shop's zones.",
    });
    const negative = await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', '/api/delivery/methods', {
          name: 'Neg',
          kind: 'flat',
          rates: [{ zoneId: home.id, price: -1 }],
        }),
      400,
    );
    expect(negative.body).toContain('Price cannot be negative');
    const zeroBand = await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', '/api/delivery/methods', {
          name: 'Zero',
          kind: 'weight',
          rates: [{ zoneId: home.id, bands: [{ maxGrams: 0, price: 1 }] }],
        }),
      400,
    );
    expect(zeroBand.body).toContain('A weight band must end above 0 g');
    await expectRefused(
      t.app,
      () => call(admin, 'POST', '/api/delivery/zones', { name: 'Nowhere', destinations: ['XX'] }),
      400,
    );
    await expectRefused(
      t.app,
      () => call(buyer, 'POST', '/api/delivery/zones', { name: 'Mine', destinations: ['US'] }),
      403,
    );
    const inUse = await expectRefused(
      t.app,
      () => call(admin, 'DELETE', `/api/delivery/zones/${europe.id}`),
      409,
    );
    expect(inUse.json().message).toBe(
      "The zone 'Europe' is still priced by 'Freight': remove its rate there first.",
    );
  });
});

describe('a part’s weight', () => {
  it('is set on the product and refused when negative, naming the rule, nothing changed', async () => {
    const body = {
      name: 'Weighed flange',
      price: 12,
      minOrder: 1,
      availableQuantiity: 10,
      description: 'A flange with a weight.',
      img: '/uploads/test.webp',
      weightGrams: 1250,
    };
    const made = await call(admin, 'POST', '/api/product', body);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ insertedId: string }>().insertedId;
    const read = await call(null, 'GET', `/api/purchase/${id}`);
    expect(read.json()).toMatchObject({ weightGrams: 1250 });
    const negative = await expectRefused(
      t.app,
      () => call(admin, 'PUT', `/api/product/${id}`, { ...body, weightGrams: -1 }),
      400,
    );
    expect(negative.body).toContain('Weight cannot be negative: enter the grams of one piece, 0 or more');
  });
});

describe('the buyer chooses at checkout', () => {
  it('lists the methods that serve the cart to a destination, cheapest first, with tax', async () => {
    await fill(buyer, [{ productId: bolt.id, quantity: 5 }]); // $50, 1 kg
    const us = (
      await call(buyer, 'GET', '/api/delivery/options?country=US&region=IL')
    ).json<DeliveryOptions>();
    expect(us.weightGrams).toBe(1000);
    expect(us.options.map((o) => [o.name, o.cost, o.tax])).toEqual([
      ['Collection', 0, 0],
      ['Pallet', 9, 0.56],
      ['Parcel', 15, 0.94],
      ['Free over $500', 25, 1.56],
      ['Freight', null, null],
    ]);
    const de = (await call(buyer, 'GET', '/api/delivery/options?country=DE')).json<DeliveryOptions>();
    expect(de.options.map((o) => o.name)).toEqual(['Collection', 'Freight']);
    expect((await call(buyer, 'GET', '/api/delivery/options?country=ZZ')).statusCode).toBe(400);
  });

  it('refuses a checkout without a method, and a method that does not serve the destination, placing nothing', async () => {
    const none = await expectRefused(t.app, () => call(buyer, 'POST', '/api/checkout', CHICAGO_ADDRESS), 400);
    expect(none.json()).toMatchObject({
      code: 'DELIVERY_REQUIRED',
      message: 'Choose a delivery method for your order.',
    });
    const abroad = await expectRefused(
      t.app,
      () =>
        call(buyer, 'POST', '/api/checkout', {
          ...CHICAGO_ADDRESS,
          delivery: { methodId: parcel.id, country: 'DE' },
        }),
      400,
    );
    expect(abroad.json()).toMatchObject({
      code: 'DELIVERY_UNAVAILABLE',
      message: 'Parcel does not deliver to DE: please choose another method.',
    });
    const nowhere = await expectRefused(
      t.app,
      () =>
        call(buyer, 'POST', '/api/checkout', {
          ...CHICAGO_ADDRESS,
          delivery: { methodId: parcel.id, country: 'JP' },
        }),
      400,
    );
    expect(nowhere.json().message).toBe(
      'We have no delivery zone for JP: choose collection from the works, or contact us.',
    );
  });

  it('charges the flat rate with its tax on the card, the order and the invoice, as a line of its own', async () => {
    await fill(buyer, [{ productId: plate.id, quantity: 2 }]); // cart: 5 bolts $50 + 2 plates $60
    const checkout = await place(buyer, parcel.id);
    // Goods $110 + tax $6.88; delivery $15 + tax $0.94.
    expect(checkout.total).toBe(110);
    expect(checkout.delivery).toEqual({
      status: 'priced',
      method: 'Parcel',
      kind: 'flat',
      country: 'US',
      region: 'IL',
      cost: 15,
      tax: 0.94,
    });
    expect(checkout.tax).toMatchObject({ tax: 7.82, totalWithTax: 132.82 });
    // Each line carries its share (by net value), so a refund of one line gives back its share.
    const lines = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, checkout._id))
      .orderBy(asc(orders.totalCents));
    expect(lines.map((l) => [l.totalCents, l.deliveryCents, l.deliveryTaxCents])).toEqual([
      [5000, 682, 43],
      [6000, 818, 51],
    ]);
    expect(await payByCard(buyer, checkout._id)).toBe(13_282);
    const { invoice, text } = await invoiceText(buyer, checkout._id);
    expect(invoice.totalCents).toBe(13_282);
    expect(text).toContain('Delivery: Parcel');
    expect(text).toContain('Delivery Delivery: Parcel 1 $15.00 6.25 % $15.00');
    expect(text).toContain('Net total $125.00 Tax 6.25 % on $125.00 $7.82 Total (gross) $132.82');
    expect(text).toContain('$132.82');
  });

  it('prices by weight band from the parts’ weights, and lets collection cost nothing', async () => {
    await fill(buyer, [{ productId: plate.id, quantity: 3 }]); // 12 kg: the $60 band
    const byWeight = await place(buyer, pallet.id);
    expect(byWeight.delivery).toMatchObject({ cost: 60, tax: 3.75 });

    await fill(buyer, [{ productId: bolt.id, quantity: 1 }]);
    const collected = await place(buyer, pickup.id);
    expect(collected.delivery).toMatchObject({ kind: 'collection', cost: 0, tax: 0 });
  });
});

describe('freight quoted on request', () => {
  it('waits for the shop’s price, then the buyer pays it by card', async () => {
    await fill(buyer, [{ productId: plate.id, quantity: 10 }]);
    const checkout = await place(buyer, freight.id);
    expect(checkout.delivery).toMatchObject({ status: 'awaiting_quote', cost: null });

    const early = await call(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'FREIGHT_NOT_PRICED' });
    await expectRefused(
      t.app,
      () => call(buyer, 'POST', `/api/checkouts/${checkout._id}/freight`, { price: 1 }),
      403,
    );
    await expectRefused(
      t.app,
      () => call(admin, 'POST', `/api/checkouts/${checkout._id}/freight`, { price: -5 }),
      400,
    );

    const priced = await call(admin, 'POST', `/api/checkouts/${checkout._id}/freight`, { price: 120 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().delivery).toMatchObject({ status: 'priced', cost: 120, tax: 7.5 });
    const again = await expectRefused(
      t.app,
      () => call(admin, 'POST', `/api/checkouts/${checkout._id}/freight`, { price: 1 }),
      409,
    );
    expect(again.json().code).toBe('FREIGHT_ALREADY_PRICED');
    const mails = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, buyer.email));
    const mail = mails.find((m) => m.subject.startsWith('Freight priced'));
    expect(mail?.textBody).toContain('Freight:    $120.00');
    expect(mail?.textBody).toContain('To pay:     $446.25'); // $300 + $18.75 + $120 + $7.50

    expect(await payByCard(buyer, checkout._id)).toBe(44_625);
    const { text } = await invoiceText(buyer, checkout._id);
    expect(text).toContain('Delivery: Freight');
    expect(text).toContain('$446.25');
  });

  it('on payment terms, the invoice is issued when the freight is priced, with it', async () => {
    await fill(termsBuyer, [{ productId: bolt.id, quantity: 10 }]);
    const { _id } = await place(termsBuyer, freight.id, {
      paymentMethod: 'invoice',
      poReference: 'PO-FREIGHT-1',
    });
    expect(await t.app.db.select().from(invoices).where(eq(invoices.checkoutId, _id))).toHaveLength(0);
    expect((await call(admin, 'POST', `/api/checkouts/${_id}/freight`, { price: 40 })).statusCode).toBe(200);
    const { invoice, text } = await invoiceText(termsBuyer, _id);
    expect(invoice.totalCents).toBe(10_000 + 625 + 4000 + 250);
    expect(text).toContain('Delivery: Freight');
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, _id));
    expect(row?.deliveryStatus).toBe('priced');
  });
});

describe('what an outsider tries', () => {
  it('refuses a zone or method name with a line break (printed on invoices and mails), changing nothing', async () => {
    const zone = await expectRefused(
      t.app,
      () => call(admin, 'POST', '/api/delivery/zones', { name: 'Home\nTotal: $0.00', destinations: ['US'] }),
      400,
    );
    expect(zone.body).toContain('Zone name must be one line');
    const method = await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', '/api/delivery/methods', {
          name: 'Parcel\u2028Paid in full',
          kind: 'flat',
          rates: [{ zoneId: home.id, price: 5 }],
        }),
      400,
    );
    expect(method.body).toContain('Method name must be one line');
  });

  it('prices one freight once when two admins price it at once', async () => {
    await fill(buyer, [{ productId: plate.id, quantity: 10 }]);
    const { _id: id } = await place(buyer, freight.id);
    const answers = await Promise.all(
      [80, 95].map((price) => call(admin, 'POST', `/api/checkouts/${id}/freight`, { price })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Checkout>();
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(row!.deliveryCents).toBe(Math.round(winner.delivery!.cost! * 100));
    const mails = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, buyer.email));
    expect(
      mails.filter((m) => m.subject.startsWith('Freight priced') && m.subject.endsWith(row!.number)),
    ).toHaveLength(1);
  });

  it('keeps another buyer out of a checkout’s freight and delivery', async () => {
    const stranger = await createUser(t.app, { name: 'Stranger' });
    await fill(buyer, [{ productId: plate.id, quantity: 10 }]);
    const placed = await call(buyer, 'POST', '/api/checkout', {
      ...CHICAGO_ADDRESS,
      delivery: deliveryToIllinois(freight.id),
    });
    const id = placed.json<Checkout>()._id;
    await expectRefused(
      t.app,
      () => call(stranger, 'POST', `/api/checkouts/${id}/freight`, { price: 1 }),
      403,
    );
    const read = await call(stranger, 'GET', `/api/checkouts/${id}`);
    expect(read.statusCode).toBe(404);
    const pay = await call(stranger, 'POST', `/api/checkouts/${id}/payment-intent`);
    expect([403, 404]).toContain(pay.statusCode);
  });
});
