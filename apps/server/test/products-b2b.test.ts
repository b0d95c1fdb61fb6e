import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOnRequest, productRulesProblems } from '@forgeline/shared/pricing';
import type { Product } from '@forgeline/shared/schemas/product';
import { products } from '../src/db/schema/index.ts';
import { demoProducts } from '../src/db/seed/demo-data.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused as expectRefusedIn } from './support/cast.ts';
import { makeProduct, orderBody } from './support/data.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  ({ admin } = await createCast(t.app));
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Deep Groove Ball Bearing 6205',
  price: 3.1,
  minOrder: 100,
  availableQuantiity: 5000,
  description: 'Sealed both sides.',
  img: '/uploads/bearing.webp',
  ...extra,
});

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/product', headers: admin.headers, payload });

describe('part numbers, pack sizes, maximums and price breaks', () => {
  it('every demo product has a part number, and rules an admin could save', () => {
    const skus = new Set(demoProducts.map((p) => p.sku));
    expect(skus.size).toBe(demoProducts.length);
    for (const p of demoProducts) {
      expect(productRulesProblems({ ...p, tiers: p.priceTiers }), p.name).toEqual({});
    }
  });

  it('the catalogue shows them, in dollars, and finds a product by part number in any case', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?search=fl-brg-6204' });
    expect(res.statusCode).toBe(200);
    const [bearing, ...rest] = res.json<Product[]>();
    expect(rest).toEqual([]);
    expect(bearing).toMatchObject({
      name: 'Deep Groove Ball Bearing 6204-2RS',
      sku: 'FL-BRG-6204',
      price: 2.85,
      packSize: 10,
      maxOrder: null,
      priceTiers: [
        { minQuantity: 500, price: 2.62 },
        { minQuantity: 2000, price: 2.39 },
      ],
    });
  });

  it('an admin adds a product with its rules; one without a part number gets one made up', async () => {
    const res = await post(
      body({
        sku: 'fl-brg-6205',
        packSize: 10,
        maxOrder: 2000,
        priceTiers: [
          { minQuantity: 500, price: 2.9 },
          { minQuantity: 1000, price: 2.75 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, res.json().insertedId));
    expect(row).toMatchObject({
      sku: 'FL-BRG-6205',
      packSize: 10,
      maxOrder: 2000,
      priceTiers: [
        { minQuantity: 500, priceCents: 290 },
        { minQuantity: 1000, priceCents: 275 },
      ],
    });

    const plain = await post(body({ name: 'Spec-era product' }));
    expect(plain.statusCode, plain.body).toBe(201);
    const [made] = await t.app.db.select().from(products).where(eq(products.id, plain.json().insertedId));
    expect(made?.sku).toMatch(/^FL-[0-9A-F]{10}$/);
    expect(made).toMatchObject({ packSize: 1, maxOrder: null, priceTiers: [] });
  });

  it.each([
    ['minOrder', { minOrder: 105, packSize: 10 }, /multiple of the pack size \(10\)/],
    ['maxOrder', { maxOrder: 50 }, /at least the Minimum Order Quantity/],
    ['priceTiers', { priceTiers: [{ minQuantity: 200, price: 3.5 }] }, /not be more than the price before/],
    [
      'priceTiers',
      {
        priceTiers: [
          { minQuantity: 500, price: 3 },
          { minQuantity: 200, price: 2.9 },
        ],
      },
      /quantities must go up/,
    ],
    ['sku', { sku: 'FL-BRG-6204' }, /already used by 'Deep Groove Ball Bearing 6204-2RS'/],
    ['sku', { sku: 'has spaces' }, /Part number: 1 to 40 letters/],
    ['sku', { sku: 'so-100245' }, /how our order numbers look/],
    ['sku', { sku: 'CO-7' }, /how our order numbers look/],
    ['packSize', { packSize: 0 }, /Pack size must be at least 1/],
  ])(
    'refuses a product with a bad %s (400 naming the field), storing nothing',
    async (field, extra, message) => {
      const res = await expectRefusedIn(t.app, () => post(body(extra)), 400);
      expect(res.json().details?.[field]).toMatch(message);
    },
  );

  it('an update that leaves the B2B fields out keeps them; one that breaks a rule is refused', async () => {
    const product = await makeProduct(t.app, {
      sku: 'FL-KEEP-1',
      minOrder: 10,
      packSize: 5,
      availableQuantity: 500,
      priceTiers: [{ minQuantity: 100, priceCents: 200 }],
    });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: admin.headers, payload });
    const spec = {
      name: 'Renamed',
      price: 2.5,
      minOrder: 10,
      availableQuantiity: 400,
      description: 'x',
      img: '/uploads/x.webp',
    };
    expect((await put(spec)).json()).toMatchObject({ modifiedCount: 1 });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({
      sku: 'FL-KEEP-1',
      packSize: 5,
      priceTiers: [{ minQuantity: 100, priceCents: 200 }],
    });

    await expectRefusedIn(t.app, () => put({ ...spec, minOrder: 12 }), 400);
  });

  it('an admin records stock below the minimum order as it is: saved, the part is on request, not orderable', async () => {
    const product = await makeProduct(t.app, { minOrder: 50, availableQuantity: 500 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: {
        name: 'Last few',
        price: 2,
        minOrder: 50,
        availableQuantiity: 12,
        description: 'x',
        img: '/uploads/x.webp',
      },
    });
    expect(res.json()).toMatchObject({ modifiedCount: 1 });
    const shown = (await t.app.inject({ method: 'GET', url: `/api/purchase/${product.id}` })).json<Product>();
    expect(shown).toMatchObject({ minOrder: 50, availableQuantiity: 12 });
    expect(isOnRequest(shown)).toBe(true);
    // Nothing can be ordered from the shelf: any quantity breaks the minimum or the stock.
    const buyer = await createUser(t.app);
    for (const quantity of [12, 50]) {
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: buyer.headers,
        payload: orderBody(product.id, quantity),
      });
      expect(order.statusCode, order.body).toBe(400);
    }
  });
});
