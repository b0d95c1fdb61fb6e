import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickOrderCheckResponse } from '@forgeline/shared/schemas/cart';
import type { ReorderResponse } from '@forgeline/shared/schemas/checkout';
import type { Product, ProductLifecycle, RelatedPart } from '@forgeline/shared/schemas/product';
import { productAccess, products, type ProductRow } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused, requestAs, type Cast, type Method } from './support/cast.ts';
import { makeProduct, orderBody, placeOrder } from './support/data.ts';

let t: TestApp;
let cast: Cast;
let old: ProductRow;
let successor: ProductRow;
let seal: ProductRow;
let spanner: ProductRow;

const DISCONTINUED = 'This part is discontinued and can no longer be ordered.';
const delivery = { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' };

beforeAll(async () => {
  t = await buildTestApp();
  cast = await createCast(t.app);
  [old, successor, seal, spanner] = await Promise.all([
    makeProduct(t.app, { name: 'Pillow block UCP204', sku: 'FL-DSC-UCP204', availableQuantity: 500 }),
    makeProduct(t.app, { name: 'Pillow block UCP204 Mk II', sku: 'FL-DSC-UCP204-2' }),
    makeProduct(t.app, { name: 'Felt seal 20 mm', sku: 'FL-DSC-SEAL' }),
    makeProduct(t.app, { name: 'Hook spanner', sku: 'FL-DSC-SPANNER' }),
  ]);
  // A cart line from before the part was discontinued: checkout must refuse it afterwards.
  const added = await as('customerB', 'POST', '/api/cart/lines', {
    lines: [{ productId: old.id, quantity: 5 }],
  });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => t.close());

const as = (role: 'customerA' | 'customerB' | 'admin' | null, method: Method, url: string, body?: unknown) =>
  requestAs(t.app, role ? cast[role] : null, method, url, body);

const lifecycle = (id: string, body: ProductLifecycle) =>
  as('admin', 'PUT', `/api/product/${id}/lifecycle`, body);

describe('discontinued parts', () => {
  it('is set by the admin with a replacement and related parts in order, by part number', async () => {
    expect(
      (await lifecycle(old.id, { discontinued: true, replacement: 'fl-nope', related: [] })).json(),
    ).toMatchObject({
      details: { replacement: "There is no part number 'FL-NOPE'." },
    });
    const res = await lifecycle(old.id, {
      discontinued: true,
      replacement: 'fl-dsc-ucp204-2',
      related: [
        { sku: 'FL-DSC-SPANNER', kind: 'accessory' },
        { sku: 'FL-DSC-SEAL', kind: 'accessory' },
        { sku: 'FL-DSC-UCP204-2', kind: 'alternative' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      discontinued: true,
      replacement: 'FL-DSC-UCP204-2',
      related: [
        { sku: 'FL-DSC-SPANNER', kind: 'accessory' },
        { sku: 'FL-DSC-SEAL', kind: 'accessory' },
        { sku: 'FL-DSC-UCP204-2', kind: 'alternative' },
      ],
    });
    expect((await as('customerA', 'PUT', `/api/product/${old.id}/lifecycle`, res.json())).statusCode).toBe(
      403,
    );
  });

  it('stays reachable by its address, says so, and names its replacement', async () => {
    const res = await as(null, 'GET', `/api/purchase/${old.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>()).toMatchObject({
      discontinued: true,
      replacedBy: { _id: successor.id, name: 'Pillow block UCP204 Mk II', sku: 'FL-DSC-UCP204-2' },
    });
    expect(res.json<Product>()).not.toHaveProperty('replacedBy.price');
    expect((await as(null, 'GET', `/api/purchase/${successor.id}`)).json()).not.toHaveProperty(
      'discontinued',
    );
  });

  it('drops out of listings and searches, unless its whole part number is searched or the admin asks', async () => {
    const names = async (url: string) => (await as(null, 'GET', url)).json<Product[]>().map((p) => p.name);
    expect(await names('/api/products?limit=100')).not.toContain('Pillow block UCP204');
    expect(await names('/api/products?search=pillow')).toEqual(['Pillow block UCP204 Mk II']);
    expect(await names('/api/products?search=FL-DSC-UCP204')).toContain('Pillow block UCP204');
    expect(await names('/api/products?limit=100&discontinued=include')).toContain('Pillow block UCP204');
  });

  it('lists related parts in the admin order, a discontinued one shown and marked', async () => {
    await lifecycle(seal.id, { discontinued: true, replacement: null, related: [] });
    const res = await as(null, 'GET', `/api/product/${old.id}/related`);
    expect(res.statusCode).toBe(200);
    expect(res.json<RelatedPart[]>().map((p) => [p.sku, p.kind, p.discontinued])).toEqual([
      ['FL-DSC-SPANNER', 'accessory', false],
      ['FL-DSC-SEAL', 'accessory', true],
      ['FL-DSC-UCP204-2', 'alternative', false],
    ]);
  });

  it('cannot be put in a cart, by id or by part number', async () => {
    for (const line of [{ productId: old.id }, { sku: 'FL-DSC-UCP204' }]) {
      const res = await expectRefused(
        t.app,
        () => as('customerA', 'POST', '/api/cart/lines', { lines: [{ ...line, quantity: 5 }] }),
        400,
      );
      expect(res.json().message).toBe(`Pillow block UCP204: ${DISCONTINUED}`);
    }
    // Beside a part that is sold, the sold one goes in and the discontinued one is reported.
    const mixed = await as('customerA', 'POST', '/api/cart/lines', {
      lines: [
        { productId: old.id, quantity: 5 },
        { productId: spanner.id, quantity: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json<Cart>().lines.map((l) => l.sku)).toEqual(['FL-DSC-SPANNER']);
    expect(mixed.json<Cart>().skipped).toEqual([
      { index: 0, input: old.id, message: `Pillow block UCP204: ${DISCONTINUED}` },
    ]);
  });

  it('is marked on its quick-order line, which offers the part that replaces it', async () => {
    const res = await as('customerA', 'POST', '/api/quick-order/check', { text: 'FL-DSC-UCP204 5' });
    expect(res.json<QuickOrderCheckResponse>()).toMatchObject({
      validCount: 0,
      lines: [
        {
          sku: 'FL-DSC-UCP204',
          problem: {
            rule: 'discontinued',
            message: `${DISCONTINUED} Replaced by FL-DSC-UCP204-2 (Pillow block UCP204 Mk II).`,
          },
          replacement: { sku: 'FL-DSC-UCP204-2', name: 'Pillow block UCP204 Mk II' },
        },
      ],
    });
    // A discontinued part without a replacement offers none.
    await lifecycle(seal.id, { discontinued: true, replacement: null, related: [] });
    const seal1 = await as('customerA', 'POST', '/api/quick-order/check', { text: 'FL-DSC-SEAL 5' });
    expect(seal1.json<QuickOrderCheckResponse>().lines[0]).toMatchObject({
      problem: { rule: 'discontinued', message: DISCONTINUED },
      replacement: null,
    });
  });

  it('names its replacement when a past order is ordered again', async () => {
    // An order placed while the part was still sold, then the part discontinued with its replacement.
    await lifecycle(old.id, { discontinued: false, replacement: null, related: [] });
    const past = await placeOrder(t.app, cast.customerA, old.id, 5);
    await lifecycle(old.id, { discontinued: true, replacement: 'FL-DSC-UCP204-2', related: [] });
    const res = await as('customerA', 'POST', `/api/order/${past}/reorder`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReorderResponse>().changes).toMatchObject([
      {
        now: null,
        note: 'Discontinued: not added. Replaced by FL-DSC-UCP204-2 (Pillow block UCP204 Mk II).',
      },
    ]);
  });

  it('is refused by checkout (a line in the cart from before) and by a single order', async () => {
    const cart = (await as('customerB', 'GET', '/api/cart')).json<Cart>();
    expect(cart.lines[0]?.problem).toEqual({ rule: 'discontinued', message: DISCONTINUED });
    const checkout = await expectRefused(
      t.app,
      () => as('customerB', 'POST', '/api/checkout', delivery),
      400,
    );
    expect(Object.values(checkout.json().details as object)).toEqual([
      `Pillow block UCP204: ${DISCONTINUED}`,
    ]);

    const single = await expectRefused(
      t.app,
      () => as('customerA', 'POST', '/api/order', orderBody(old.id, 5)),
      400,
    );
    expect(single.json().message).toBe(DISCONTINUED);
  });

  it('is refused in a quote request', async () => {
    const res = await expectRefused(
      t.app,
      () => as('customerA', 'POST', '/api/quotes', { lines: [{ productId: old.id, quantity: 5000 }] }),
      400,
    );
    expect(JSON.stringify(res.json().details)).toContain(DISCONTINUED);
  });

  it('is sold again once the admin takes the mark off', async () => {
    await lifecycle(old.id, { discontinued: false, replacement: 'FL-DSC-UCP204-2', related: [] });
    const product = (await as(null, 'GET', `/api/purchase/${old.id}`)).json<Product>();
    expect(product).not.toHaveProperty('discontinued');
    expect(product).not.toHaveProperty('replacedBy');
    const res = await as('customerA', 'POST', '/api/cart/lines', {
      lines: [{ productId: old.id, quantity: 5 }],
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a replacement the buyer may not see', () => {
  // Two parts go out of production; one is replaced by a part made for another customer (restricted),
  // the other by a part the shop withholds from customer A's company (product_access deny). Neither
  // replacement may be named to customer A, on the quick-order pad or in a reorder; customer B, not
  // denied, is offered the second.
  let restrictedGone: ProductRow;
  let deniedGone: ProductRow;
  let restricted: ProductRow;
  let denied: ProductRow;
  let pastOrders: string[];

  beforeAll(async () => {
    [restrictedGone, deniedGone, restricted, denied] = await Promise.all([
      makeProduct(t.app, { name: 'Gear pump GP-1', sku: 'FL-HID-GP1', availableQuantity: 500 }),
      makeProduct(t.app, { name: 'Gear pump GP-2', sku: 'FL-HID-GP2', availableQuantity: 500 }),
      makeProduct(t.app, { name: 'Gear pump GP-1 for Acme only', sku: 'FL-HID-GP1-ACME' }),
      makeProduct(t.app, { name: 'Gear pump GP-2 Mk II', sku: 'FL-HID-GP2-MK2' }),
    ]);
    await t.app.db.update(products).set({ restricted: true }).where(eq(products.id, restricted.id));
    const created = await as('admin', 'POST', '/api/companies', {
      name: 'Customer A Engineering Ltd',
      billingAddress: '3 Weir Street, Bradford',
      country: 'GB',
    });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = created.json<{ id: string }>().id;
    const member = await as('admin', 'POST', `/api/companies/${companyId}/members`, {
      email: cast.customerA.email,
      role: 'admin',
    });
    expect(member.statusCode, member.body).toBe(201);
    await t.app.db.insert(productAccess).values({ productId: denied.id, companyId, access: 'deny' });
    pastOrders = [
      await placeOrder(t.app, cast.customerA, restrictedGone.id, 5),
      await placeOrder(t.app, cast.customerA, deniedGone.id, 5),
    ];
    for (const [gone, replacement] of [
      [restrictedGone, restricted],
      [deniedGone, denied],
    ] as const) {
      const res = await lifecycle(gone.id, { discontinued: true, replacement: replacement.sku, related: [] });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.app.catalogueCache.invalidate();
  });

  it('is never offered on the quick-order pad', async () => {
    const res = await as('customerA', 'POST', '/api/quick-order/check', {
      text: 'FL-HID-GP1 5\nFL-HID-GP2 5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<QuickOrderCheckResponse>().lines).toMatchObject([
      { sku: 'FL-HID-GP1', problem: { rule: 'discontinued', message: DISCONTINUED }, replacement: null },
      { sku: 'FL-HID-GP2', problem: { rule: 'discontinued', message: DISCONTINUED }, replacement: null },
    ]);
    expect(res.body).not.toContain('FL-HID-GP1-ACME');
    expect(res.body).not.toContain('FL-HID-GP2-MK2');
    // Customer B may see the second replacement, and is offered it.
    const other = await as('customerB', 'POST', '/api/quick-order/check', { text: 'FL-HID-GP2 5' });
    expect(other.json<QuickOrderCheckResponse>().lines[0]).toMatchObject({
      replacement: { sku: 'FL-HID-GP2-MK2', name: 'Gear pump GP-2 Mk II' },
    });
  });

  it('is never named when a past order is ordered again', async () => {
    for (const past of pastOrders) {
      const res = await as('customerA', 'POST', `/api/order/${past}/reorder`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ReorderResponse>().changes).toMatchObject([
        { now: null, note: 'Discontinued: not added.' },
      ]);
      expect(res.body).not.toMatch(/FL-HID-GP1-ACME|FL-HID-GP2-MK2|Replaced by/);
    }
  });
});
