import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickOrderCheckResponse } from '@forgeline/shared/schemas/cart';
import type { Checkout, ReorderResponse } from '@forgeline/shared/schemas/checkout';
import type { Product } from '@forgeline/shared/schemas/product';
import type { Quote } from '@forgeline/shared/schemas/quote';
import {
  companies,
  customerGroups,
  orders,
  priceListAssignments,
  priceListItems,
  priceLists,
  productAccess,
  products,
  type ProductRow,
} from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs, type Method } from './support/cast.ts';
import { makeProduct, orderBody } from './support/data.ts';

const delivery = { address: '1 Works Road, Leeds', phone: '+44 113 496 0000' };

/**
 * Contract prices and parts per customer (docs/decisions/0216): a distributor at list minus 30 % through
 * its customer group, an OEM at a fixed price with its own breaks and a part made for it alone, a
 * person without a company and a visitor, each asking every path that shows or sells a part.
 */
describe('contract prices and parts seen per company', () => {
  let t: TestApp;
  let shop: TestUser;
  let distributor: TestUser;
  let oem: TestUser;
  let person: TestUser;
  let distributorId: string;
  let oemId: string;
  let oemListId: string;
  let bolt: ProductRow;
  let flange: ProductRow;
  let nut: ProductRow;

  const as = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);

  async function companyWith(name: string, admin: TestUser): Promise<string> {
    const created = await as(shop, 'POST', '/api/companies', {
      name,
      billingAddress: '1 Mill Lane, Leeds',
      country: 'GB',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const attached = await as(shop, 'POST', `/api/companies/${id}/members`, {
      email: admin.email,
      role: 'admin',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    return id;
  }

  const priceOf = async (user: TestUser | null, productId: string) => {
    const res = await as(user, 'GET', `/api/purchase/${productId}`);
    return res.statusCode === 200 ? res.json<Product>().price : res.statusCode;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createUser(t.app, { admin: true });
    distributor = await createUser(t.app, { name: 'Dana Distributor' });
    oem = await createUser(t.app, { name: 'Omar Oem' });
    person = await createUser(t.app, { name: 'Pat Person' });
    distributorId = await companyWith('Dist Supply Ltd', distributor);
    oemId = await companyWith('OEM Motors plc', oem);

    bolt = await makeProduct(t.app, {
      name: 'Contract bolt M12',
      sku: 'CP-BOLT-M12',
      priceCents: 250,
      availableQuantity: 10_000,
      priceTiers: [{ minQuantity: 10, priceCents: 230 }],
    });
    flange = await makeProduct(t.app, { name: 'Custom flange OEM-7', sku: 'CP-FLANGE-7', priceCents: 4000 });
    nut = await makeProduct(t.app, { name: 'Hidden-from-distributor nut', sku: 'CP-NUT-1', priceCents: 50 });

    const db = t.app.db;
    const [group] = await db.insert(customerGroups).values({ name: 'Distributors' }).returning();
    await db.update(companies).set({ groupId: group!.id }).where(eq(companies.id, distributorId));
    const [dist] = await db
      .insert(priceLists)
      .values({ name: 'Distributor 2027', percentOffBasisPoints: 3000 })
      .returning();
    const [contract] = await db.insert(priceLists).values({ name: 'OEM contract' }).returning();
    // A list that has ended never prices anything, however high its priority.
    const [ended] = await db
      .insert(priceLists)
      .values({
        name: 'Old promotion',
        percentOffBasisPoints: 9000,
        validFrom: '2020-01-01',
        validTo: '2020-12-31',
      })
      .returning();
    oemListId = contract!.id;
    await db.insert(priceListItems).values({
      priceListId: contract!.id,
      productId: bolt.id,
      priceCents: 150,
      tiers: [{ minQuantity: 100, priceCents: 120 }],
    });
    await db.insert(priceListAssignments).values([
      { priceListId: dist!.id, groupId: group!.id, priority: 0 },
      { priceListId: ended!.id, groupId: group!.id, priority: 9 },
      { priceListId: contract!.id, companyId: oemId, priority: 1 },
    ]);
    await db.update(products).set({ restricted: true }).where(eq(products.id, flange.id));
    await db.insert(productAccess).values([
      { productId: flange.id, companyId: oemId, access: 'allow' },
      { productId: nut.id, groupId: group!.id, access: 'deny' },
    ]);
    t.app.catalogueCache.invalidate();
  });
  afterAll(() => t.close());

  it('shows two companies and a visitor three different prices for the same part, at the same moment', async () => {
    // Side by side, twice: the first round fills the cache, the second is served from it.
    for (let round = 0; round < 2; round += 1) {
      const pages = await Promise.all(
        [null, distributor, oem, person].map((user) => as(user, 'GET', '/api/products?search=CP-BOLT-M12')),
      );
      const prices = pages.map((res) => res.json<Product[]>().find((p) => p._id === bolt.id)?.price);
      expect(prices).toEqual([2.5, 1.75, 1.5, 2.5]);
      // A buyer's own page is kept by their browser alone.
      expect(pages[1]!.headers['cache-control']).toBe('private, no-cache');
      expect(pages[0]!.headers['cache-control']).toBe('no-cache');
    }
    const distView = (await as(distributor, 'GET', `/api/purchase/${bolt.id}`)).json<Product>();
    expect(distView).toMatchObject({
      price: 1.75,
      listPrice: 2.5,
      priceList: 'Distributor 2027',
      priceTiers: [{ minQuantity: 10, price: 1.61 }],
    });
    const oemView = (await as(oem, 'GET', `/api/purchase/${bolt.id}`)).json<Product>();
    expect(oemView).toMatchObject({
      price: 1.5,
      priceList: 'OEM contract',
      priceTiers: [{ minQuantity: 100, price: 1.2 }],
    });
    expect(await priceOf(null, bolt.id)).toBe(2.5);
    // The page the server renders carries the same figures as the API, each viewer their own.
    const html = async (user: TestUser | null, page = 'product') =>
      (
        await t.app.inject({
          url: `/${page}/${bolt.id}`,
          headers: { accept: 'text/html', ...(user && { cookie: user.cookie }) },
        })
      ).body;
    expect(await html(distributor)).toContain('"price":1.75');
    expect(await html(oem)).toContain('"price":1.5');
    // The purchase page too: the price its Confirm Order is charged, not the list price.
    expect(await html(distributor, 'purchase')).toContain('"price":1.75');
    expect(await html(oem, 'purchase')).toContain('"price":1.5');
    const publicPage = await html(null);
    expect(publicPage).toContain('"price":2.5');
    expect(publicPage).not.toContain('Distributor 2027');
    expect((await as(null, 'GET', `/api/purchase/${bolt.id}`)).json<Product>().listPrice).toBeUndefined();
  });

  it('charges each buyer the price they saw: cart, quick order, checkout, quote and reorder', async () => {
    const cartOf = async (user: TestUser, quantity: number) => {
      await as(user, 'DELETE', '/api/cart');
      const res = await as(user, 'POST', '/api/cart/lines', { lines: [{ productId: bolt.id, quantity }] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Cart>();
    };
    expect((await cartOf(distributor, 10)).lines[0]).toMatchObject({ unitPrice: 1.61, lineTotal: 16.1 });
    expect((await cartOf(person, 10)).lines[0]).toMatchObject({ unitPrice: 2.3, lineTotal: 23 });
    expect((await cartOf(oem, 100)).lines[0]).toMatchObject({ unitPrice: 1.2, lineTotal: 120 });

    const quick = await as(distributor, 'POST', '/api/quick-order/check', { text: 'CP-BOLT-M12 20' });
    expect(quick.json<QuickOrderCheckResponse>().lines[0]).toMatchObject({
      unitPrice: 1.61,
      lineTotal: 32.2,
    });

    await cartOf(distributor, 10);
    const placed = await as(distributor, 'POST', '/api/checkout', { ...delivery, expectedTotal: 16.1 });
    expect(placed.statusCode, placed.body).toBe(201);
    const checkout = placed.json<Checkout>();
    const [row] = await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
    expect(row).toMatchObject({ priceCents: 161, quantity: 10, totalCents: 1610, companyId: distributorId });

    // The spec's one-part order is priced the same way.
    const single = await as(oem, 'POST', '/api/order', orderBody(bolt.id, 5));
    expect(single.statusCode, single.body).toBe(201);
    const [singleRow] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, single.json<{ insertedId: string }>().insertedId));
    expect(singleRow).toMatchObject({ priceCents: 150, totalCents: 750 });

    const quote = await as(distributor, 'POST', '/api/quotes', {
      lines: [{ productId: bolt.id, quantity: 5000 }],
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json<Quote>().lines[0]?.listPrice).toBe(1.75);

    // A new list price moves the distributor's price with it; reorder tells them.
    await t.app.db
      .update(products)
      .set({ priceTiers: [{ minQuantity: 10, priceCents: 200 }] })
      .where(eq(products.id, bolt.id));
    t.app.catalogueCache.invalidate();
    await as(distributor, 'DELETE', '/api/cart');
    const again = await as(distributor, 'POST', `/api/checkouts/${checkout._id}/reorder`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ReorderResponse>().changes[0]?.now?.unitPrice).toBe(1.4);
    await t.app.db
      .update(products)
      .set({ priceTiers: [{ minQuantity: 10, priceCents: 230 }] })
      .where(eq(products.id, bolt.id));
    t.app.catalogueCache.invalidate();
  });

  it('answers 409 with the new figures when the buyer’s list changed between cart and checkout, placing nothing', async () => {
    await as(oem, 'DELETE', '/api/cart');
    const cart = (
      await as(oem, 'POST', '/api/cart/lines', { lines: [{ productId: bolt.id, quantity: 100 }] })
    ).json<Cart>();
    expect(cart.total).toBe(120);
    await t.app.db
      .update(priceListItems)
      .set({ tiers: [{ minQuantity: 100, priceCents: 125 }] })
      .where(eq(priceListItems.priceListId, oemListId));
    t.app.catalogueCache.invalidate();
    const before = (await t.app.db.select().from(orders)).length;
    const res = await as(oem, 'POST', '/api/checkout', {
      ...delivery,
      lines: [{ productId: bolt.id, quantity: 100, unitPrice: 1.2 }],
      expectedTotal: 120,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string; cart: Cart }>()).toMatchObject({
      code: 'PRICE_CHANGED',
      cart: { total: 125 },
    });
    expect((await t.app.db.select().from(orders)).length).toBe(before);
  });

  it('keeps a private part invisible to everyone but its owner, by every path', async () => {
    const outsiders: [string, TestUser | null][] = [
      ['visitor', null],
      ['person', person],
      ['distributor', distributor],
    ];
    for (const [who, user] of outsiders) {
      const list = (await as(user, 'GET', '/api/products?limit=100')).json<Product[]>();
      expect(
        list.map((p) => p._id),
        who,
      ).not.toContain(flange.id);
      const search = await as(user, 'GET', '/api/products?search=OEM-7');
      expect(search.json<Product[]>(), who).toEqual([]);
      expect(search.headers['x-total-count'], who).toBe('0');
      expect((await as(user, 'GET', `/api/purchase/${flange.id}`)).statusCode, who).toBe(404);
      expect((await as(user, 'GET', `/api/product/${flange.id}/reviews`)).statusCode, who).toBe(404);
      const page = await t.app.inject({
        url: `/product/${flange.id}`,
        headers: { accept: 'text/html', ...(user && { cookie: user.cookie }) },
      });
      expect(page.statusCode, who).toBe(404);
      expect(page.body, who).not.toContain('Custom flange');
      if (!user) continue;
      const quick = (
        await as(user, 'POST', '/api/quick-order/check', { text: 'CP-FLANGE-7 1' })
      ).json<QuickOrderCheckResponse>();
      expect(quick.lines[0]?.problem?.rule, who).toBe('unknown');
      const cart = (
        await as(user, 'POST', '/api/cart/lines', { lines: [{ productId: flange.id, quantity: 1 }] })
      ).json<Cart>();
      expect(
        cart.lines.map((l) => l.productId),
        who,
      ).not.toContain(flange.id);
      expect(cart.skipped?.length, who).toBe(1);
      expect((await as(user, 'POST', '/api/order', orderBody(flange.id, 1))).statusCode, who).toBe(404);
      const quote = await as(user, 'POST', '/api/quotes', {
        lines: [{ productId: flange.id, quantity: 10 }],
      });
      expect(quote.statusCode, who).toBe(400);
      expect(quote.body, who).not.toContain('Custom flange');
      if (user === distributor) {
        const list = await as(user, 'POST', '/api/company/lists', {
          name: 'Flanges',
          lines: [{ productId: flange.id, quantity: 1 }],
        });
        expect(list.statusCode, list.body).toBe(400);
      }
    }
    const saved = await as(oem, 'POST', '/api/company/lists', {
      name: 'Flanges',
      lines: [{ productId: flange.id, quantity: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // Its owner sees it and buys it; the shop's admins see every part.
    expect(await priceOf(oem, flange.id)).toBe(40);
    const page = await t.app.inject({
      url: `/product/${flange.id}`,
      headers: { accept: 'text/html', cookie: oem.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Custom flange OEM-7');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const bought = await as(oem, 'POST', '/api/order', orderBody(flange.id, 1));
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await as(shop, 'GET', '/api/products?search=OEM-7')).json<Product[]>().map((p) => p._id)).toEqual(
      [flange.id],
    );
    // Its photo too: a 404 for the others, kept by no shared cache for its owner.
    const photo = '/uploads/oem-flange-7.webp';
    writeFileSync(path.join(t.dataDir, 'uploads', 'oem-flange-7.webp'), 'RIFF0000WEBPVP8 ');
    await t.app.db.update(products).set({ imageUrl: photo }).where(eq(products.id, flange.id));
    t.app.catalogueCache.invalidate();
    for (const [who, user] of outsiders) {
      const res = await t.app.inject({ url: photo, headers: user ? { cookie: user.cookie } : {} });
      expect(res.statusCode, who).toBe(404);
    }
    const own = await t.app.inject({ url: photo, headers: { cookie: oem.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect((await t.app.inject({ url: photo, headers: shop.headers })).statusCode).toBe(200);
    // A visitor's rendered home page is the public one, with no private part in it.
    const home = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.body).not.toContain('Custom flange');
  });

  it('hides a public part from the one group it is denied to', async () => {
    expect(await priceOf(distributor, nut.id)).toBe(404);
    expect(await priceOf(null, nut.id)).toBe(0.5);
    expect(await priceOf(oem, nut.id)).toBe(0.5);
    const list = (await as(distributor, 'GET', '/api/products?search=CP-NUT')).json<Product[]>();
    expect(list).toEqual([]);
  });
});
