import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, requestAs, type Cast } from './support/cast.ts';
import { makeProduct, payOrder, placeOrder } from './support/data.ts';

/**
 * Nobody's e-mail address reaches another person (docs/decisions/0150). Customer A writes reviews, buys,
 * asks for a quote and writes to the shop; then every GET route of the API (from its OpenAPI document,
 * so a route added later is walked too), with each id A's activity made, and the server-rendered pages
 * are read by a visitor and by customer B: A's address appears in none of them.
 */
describe("public answers carry no one's e-mail address", () => {
  let t: TestApp;
  let cast: Cast;
  const ids: string[] = [];
  let routes: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    const product = await makeProduct(t.app, {
      name: 'Privacy flange',
      priceCents: 1200,
      availableQuantity: 500,
    });
    const orderId = await placeOrder(t.app, cast.customerA, product.id, 2);
    await payOrder(t.app, cast.customerA, orderId);
    const general = await requestAs(t.app, cast.customerA, 'POST', '/api/review', {
      profession: 'Buyer',
      review: 'Good parts, quick delivery.',
      rating: 5,
    });
    expect(general.statusCode, general.body).toBe(201);
    const onProduct = await requestAs(t.app, cast.customerA, 'POST', `/api/product/${product.id}/reviews`, {
      profession: 'Buyer',
      review: 'The flange fits.',
      rating: 4,
    });
    const quote = await requestAs(t.app, cast.customerA, 'POST', '/api/quotes', {
      lines: [{ productId: product.id, quantity: 400 }],
      message: 'Can you do better at 400?',
    });
    ids.push(product.id, orderId, general.json<{ insertedId: string }>().insertedId);
    if (onProduct.statusCode === 201) ids.push(onProduct.json<{ insertedId: string }>().insertedId);
    if (quote.statusCode === 201) ids.push(quote.json<{ _id: string }>()._id);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(spec.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path);
  });
  afterAll(() => t.close());

  /** Each route with every id of A's activity in its path parameters (or once, when it has none). */
  const urlsOf = (path: string) =>
    path.includes('{')
      ? ids.map((id) =>
          path.replace('{email}', encodeURIComponent(cast.customerA.email)).replace(/\{\w+\}/g, id),
        )
      : [path];

  it('no GET route of the API shows customer A’s address to a visitor or to customer B', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const path of routes) {
      for (const url of urlsOf(path)) {
        for (const viewer of [null, cast.customerB]) {
          const res = await requestAs(t.app, viewer, 'GET', url);
          if (res.statusCode >= 500) leaks.push(`${url}: ${res.statusCode}`);
          if (res.body.toLowerCase().includes(cast.customerA.email.toLowerCase())) {
            leaks.push(`${viewer ? 'customer B' : 'visitor'} ${url} (${res.statusCode})`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('the server-rendered pages and their inlined data show the reviewer’s name, not the address', async () => {
    for (const url of ['/', `/product/${ids[0]}`, '/blogs', '/portfolio']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.body.toLowerCase(), url).not.toContain(cast.customerA.email.toLowerCase());
    }
    const reviews = await requestAs(t.app, null, 'GET', '/api/reviews');
    const mine = reviews.json<{ name: string; verifiedPurchase: boolean }[]>();
    expect(mine.some((review) => review.name === cast.customerA.name && review.verifiedPurchase)).toBe(true);
  });
});
