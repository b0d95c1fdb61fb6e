import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { thumbnailOf } from '@forgeline/shared/images';
import { ProductSchema, type Product } from '@forgeline/shared/schemas/product';
import { createProductsRepository } from '../src/modules/products/repository.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/products', () => {
  it('lists the seeded catalogue in the wire format of the spec', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const products = res.json<Product[]>();
    expect(products.length).toBeGreaterThanOrEqual(9);
    expect(res.headers['x-total-count']).toBe(String(products.length));
    for (const product of products) {
      expect(ProductSchema.parse(product)).toEqual(product);
      expect(product.img).toMatch(/^\/uploads\/.+\.webp$/);
      expect(product.minOrder).toBeGreaterThanOrEqual(1);
      expect(product.availableQuantiity).toBeGreaterThanOrEqual(product.minOrder);
    }
    // Each demo picture is served with the 400 px thumbnail the pages' srcset offers beside it.
    for (const img of new Set(products.map((product) => product.img))) {
      const thumbnail = thumbnailOf(img);
      expect(thumbnail, img).not.toBeNull();
      for (const [url, width] of [
        [img, 800],
        [thumbnail!, 400],
      ] as const) {
        const served = await get(url);
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['content-type'], url).toBe('image/webp');
        expect((await sharp(served.rawPayload).metadata()).width, url).toBe(width);
      }
    }
    expect(Object.keys(products[0]!).sort()).toEqual(
      [
        '_id',
        'availableQuantiity',
        'description',
        'img',
        'minOrder',
        'name',
        'price',
        // docs/architecture.md §9: beside the spec's fields
        'sku',
        'packSize',
        'maxOrder',
        'lowStockThreshold',
        // which tax rate the part bears (docs/decisions/0219)
        'taxCategory',
        // whether it may be ordered beyond its stock, and when the rest ships (docs/decisions/0238)
        'allowBackorder',
        'leadTimeDays',
        'priceTiers',
      ].sort(),
    );
  });

  it('pages with page and limit, and counts all matches in X-Total-Count', async () => {
    const all = (await get('/api/products')).json<Product[]>();
    const first = await get('/api/products?limit=4&page=1');
    const second = await get('/api/products?limit=4&page=2');
    expect(first.json<Product[]>().map((p) => p._id)).toEqual(all.slice(0, 4).map((p) => p._id));
    expect(second.json<Product[]>().map((p) => p._id)).toEqual(all.slice(4, 8).map((p) => p._id));
    expect(first.headers['x-total-count']).toBe(String(all.length));
    const beyond = await get('/api/products?limit=4&page=999');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
  });

  it('searches names case-insensitively, treating % and _ as letters', async () => {
    const res = await get('/api/products?search=BEARING%206204-2rs');
    const names = res.json<Product[]>().map((p) => p.name);
    expect(names).toEqual(['Deep Groove Ball Bearing 6204-2RS']);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await get('/api/products?search=%25')).json()).toEqual([]);
    expect((await get('/api/products?search=_')).json()).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a product added in this instance at once', async () => {
    const before = (await get('/api/products')).json<Product[]>().length;
    await createProductsRepository(t.app.db).insert({
      name: 'Test Washer M8',
      priceCents: 5,
      minOrder: 100,
      availableQuantity: 1000,
      description: 'A washer.',
      imageUrl: '/uploads/washer.webp',
    });
    t.app.catalogueCache.invalidate();
    const after = (await get('/api/products')).json<Product[]>();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      name: 'Test Washer M8',
      price: 0.05,
      minOrder: 100,
      availableQuantiity: 1000,
    });
  });

  it.each([
    ['page=abc', 'page must be a whole number'],
    ['page=0', 'page must be 1 or more'],
    ['page=1.5', 'page must be a whole number'],
    ['limit=-1', 'limit must be 1 or more'],
    ['limit=1000000', 'limit must be at most 100'],
    ['limit=', 'limit must be 1 or more'],
    [`search=${'x'.repeat(5000)}`, 'search must be at most 100 characters'],
  ])('refuses %s with a 400 and a clear message', async (query, message) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('GET /api/purchase/:id', () => {
  it('answers one product', async () => {
    const [product] = (await get('/api/products?limit=1')).json<Product[]>();
    const res = await get(`/api/purchase/${product!._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(product);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'abc', '1', "1' OR '1'='1", 'x'.repeat(100), '%00'])(
    'answers a JSON 404 for %s',
    async (id) => {
      const res = await get(`/api/purchase/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found.', code: 'NOT_FOUND' });
    },
  );

  it('answers 414 in JSON, not 500, for an id too long to be one', async () => {
    const res = await get(`/api/purchase/${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('GET /api/reviews', () => {
  it('lists reviews newest first', async () => {
    const res = await get('/api/reviews');
    expect(res.statusCode).toBe(200);
    const reviews = res.json<{ createdAt: string; rating: number; name: string; review: string }[]>();
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    const times = reviews.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const review of reviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.name).not.toBe('');
      expect(review.review).not.toBe('');
    }
  });
});

describe('routing and errors', () => {
  it('answers health with the database state', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', migrations: 'up', mail: 'files', disk: 'ok' });
  });

  it('answers an unknown API path with JSON 404, never the SPA', async () => {
    for (const url of ['/api/nope', '/api/products/extra/segments', '/api']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/products', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves index.html for the client routes and a 404 page for other paths', async () => {
    // A product page of the catalogue: one that is not in it is a 404 once the web app is built (decision
    // 0044, server-render.test.ts), and index.html with 200 without a build.
    const [product] = (await get('/api/products?limit=1')).json<Product[]>();
    for (const url of [
      '/',
      '/home',
      '/blogs',
      '/portfolio',
      '/login',
      '/signup',
      '/resetPass',
      '/legal/terms',
      '/legal/privacy',
      '/legal/cookies',
      '/purchase/abc',
      `/product/${product!._id}`,
      '/cart',
      '/quick-order',
      '/checkout',
      '/checkout/abc',
      '/dashboard',
      '/dashboard/myOrders',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/no/such/page', '/legal/refunds', '/product', '/checkout/a/b']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('serves product images with long-lived caching and nosniff', async () => {
    const [product] = (await get('/api/products?limit=1')).json<Product[]>();
    const res = await get(product!.img);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await get('/uploads/../package.json')).statusCode).toBe(404);
  });

  it('sends security headers and compresses large text', async () => {
    const plain = (await get('/api/products')).json();
    const res = await get('/api/products', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain);
    const br = await get('/api/products', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    const html = await get('/', { 'accept-encoding': 'gzip' });
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses a body that is not JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
