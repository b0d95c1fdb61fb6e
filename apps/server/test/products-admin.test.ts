import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@forgeline/shared/messages';
import type { Product } from '@forgeline/shared/schemas/product';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import { products } from '../src/db/schema/index.ts';
import type { TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused as expectRefusedIn, type Cast, type Role } from './support/cast.ts';
import { makeProduct, orderRow, placeOrder } from './support/data.ts';

let t: TestApp;
let customerA: TestUser;
let admin: TestUser;
let headersOf: Cast['headersOf'];

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  ({ customerA, admin, headersOf } = await createCast(t.app));
});
afterAll(() => t.close());

const productBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Hex Bolt M12 x 80',
  price: 0.45,
  minOrder: 200,
  availableQuantiity: 50_000,
  description: 'Grade 8.8, zinc plated.',
  img: '/uploads/hex-bolt.webp',
  ...extra,
});

const expectRefused = <R extends { statusCode: number; body: string }>(
  call: () => Promise<R>,
  status: number,
) => expectRefusedIn(t.app, call, status);

const catalogue = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/products?limit=100' })).json<Product[]>();

describe('admin product management', () => {
  it('POST /api/product adds a product the catalogue shows at once, in cents inside', async () => {
    await catalogue(); // warm the cache
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: productBody({ price: '0.45', minOrder: '200' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json<{ acknowledged: true; insertedId: string }>();
    const [row] = await t.app.db.select().from(products).where(eq(products.id, insertedId));
    expect(row).toMatchObject({
      name: 'Hex Bolt M12 x 80',
      priceCents: 45,
      minOrder: 200,
      availableQuantity: 50_000,
      imageUrl: '/uploads/hex-bolt.webp',
    });
    expect((await catalogue()).find((p) => p._id === insertedId)).toMatchObject({
      price: 0.45,
      availableQuantiity: 50_000,
    });
  });

  it.each([
    ['name', { name: '' }, messages.nameRequired],
    ['price', { price: '' }, messages.priceRequired],
    ['minOrder', { minOrder: undefined }, messages.minOrderRequired],
    ['availableQuantiity', { availableQuantiity: '' }, messages.availableRequired],
    ['description', { description: ' ' }, messages.descriptionRequired],
    ['img', { img: '' }, messages.imageRequired],
    ['price', { price: -1 }, 'Price must be more than 0'],
    ['price', { price: 1.234 }, 'Price has at most 2 decimals'],
    ['price', { price: 5e-324 }, 'Price must be at least 0.01'],
    ['price', { price: 0.001 }, 'Price must be at least 0.01'],
    ['img', { img: 'javascript:alert(1)' }, 'Image must be an uploaded photo or an https URL'],
  ])('refuses a product with a bad %s', async (field, override, message) => {
    const res = await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/product',
          headers: admin.headers,
          payload: productBody(override),
        }),
      400,
    );
    expect(res.json().details[field]).toBe(message);
  });

  it('lists a part without a photo (img null): every answer shows the placeholder, and it reads back as none', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: productBody({ name: 'Spacer, not yet photographed', img: null }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    const stored = async () =>
      (await t.app.db.select({ imageUrl: products.imageUrl }).from(products).where(eq(products.id, id)))[0];
    expect(await stored()).toEqual({ imageUrl: null });

    // The catalogue and the purchase page answer the placeholder picture.
    const listed = (await catalogue()).find((p) => p._id === id)!;
    expect(listed.img).toBe(PART_PHOTO_PLACEHOLDER);
    const purchase = await t.app.inject({ method: 'GET', url: `/api/purchase/${id}` });
    expect(purchase.json<Product>().img).toBe(PART_PHOTO_PLACEHOLDER);

    // An answer sent back as it came keeps 'no photo'; a photo replaces it; null removes it again.
    const { _id: _ignored, ...answered } = listed;
    const put = (img: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${id}`,
        headers: admin.headers,
        payload: { ...answered, img },
      });
    expect((await put(PART_PHOTO_PLACEHOLDER)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect(await stored()).toEqual({ imageUrl: null });
    await put('/uploads/spacer.webp');
    expect(await stored()).toEqual({ imageUrl: '/uploads/spacer.webp' });
    await put(null);
    expect(await stored()).toEqual({ imageUrl: null });

    // The products CSV writes the placeholder too, so an export imported again means the same.
    const csv = await t.app.inject({ method: 'GET', url: '/api/products.csv', headers: admin.headers });
    const line = csv.body.split('\n').find((row) => row.includes('Spacer, not yet photographed'));
    expect(line).toContain(PART_PHOTO_PLACEHOLDER);

    // Leaving the photo out is still the spec's refusal: 'no photo' must be said with null.
    const { img: _img, ...withoutImg } = productBody();
    const refused = await expectRefused(
      () =>
        t.app.inject({ method: 'POST', url: '/api/product', headers: admin.headers, payload: withoutImg }),
      400,
    );
    expect(refused.json().details.img).toBe(messages.imageRequired);
  });

  it('PUT /api/product/:id replaces the fields; modifiedCount 0 when nothing changed', async () => {
    const product = await makeProduct(t.app, { name: 'Washer', priceCents: 10 });
    await catalogue();
    const update = productBody({ name: 'Washer M8', price: 0.12 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: update,
    });
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await catalogue()).find((p) => p._id === product.id)).toMatchObject({
      name: 'Washer M8',
      price: 0.12,
      minOrder: 200,
    });
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: update,
    });
    expect(same.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    await expectRefused(
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/product/5f0c6f5e-0000-4000-8000-000000000000',
          headers: admin.headers,
          payload: update,
        }),
      404,
    );
  });

  it('DELETE /api/product/:id removes it from the catalogue; its orders keep their copy', async () => {
    const product = await makeProduct(t.app, { name: 'Doomed part', priceCents: 1234 });
    const orderId = await placeOrder(t.app, customerA, product.id, 2);
    await catalogue();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
    });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await catalogue()).some((p) => p._id === product.id)).toBe(false);
    expect(await orderRow(t.app, orderId)).toMatchObject({
      productId: null,
      productName: 'Doomed part',
      priceCents: 1234,
      totalCents: 2468,
    });
    await expectRefused(
      () => t.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: admin.headers }),
      404,
    );
    await expectRefused(
      () => t.app.inject({ method: 'DELETE', url: '/api/product/not-an-id', headers: admin.headers }),
      404,
    );
  });

  describe('authorization matrix', () => {
    const cells: [Role, number][] = [
      ['visitor', 401],
      ['customerA', 403],
      ['customerB', 403],
      ['admin', 0],
    ];

    it.each(cells)('POST /api/product as %s', async (role, status) => {
      const call = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/product',
          headers: headersOf(role),
          payload: productBody(),
        });
      if (status) return void (await expectRefused(call, status));
      expect((await call()).statusCode).toBe(201);
    });

    it.each(cells)('PUT /api/product/:id as %s', async (role, status) => {
      const product = await makeProduct(t.app);
      const call = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/product/${product.id}`,
          headers: headersOf(role),
          payload: productBody({ name: `By ${role}` }),
        });
      if (status) return void (await expectRefused(call, status));
      expect((await call()).statusCode).toBe(200);
      expect((await t.app.db.select().from(products).where(eq(products.id, product.id)))[0]?.name).toBe(
        `By ${role}`,
      );
    });

    it.each(cells)('DELETE /api/product/:id as %s', async (role, status) => {
      const product = await makeProduct(t.app);
      const call = () =>
        t.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: headersOf(role) });
      if (status) return void (await expectRefused(call, status));
      expect((await call()).statusCode).toBe(200);
      expect(await t.app.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    });
  });
});
