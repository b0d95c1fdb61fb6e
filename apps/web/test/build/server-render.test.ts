import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@forgeline/shared/schemas/product';
import { createUser } from '../../../server/test/auth-helper';
import { buildTestApp, type TestApp } from '../../../server/test/helper';
import { distDir } from './bundle';

/**
 * The pages the server sends as HTML (docs/decisions/0040), from the build: the render itself
 * (dist/.ssr) with hostile catalogue data, and the real server on the seeded catalogue.
 */
type ServerRender = {
  renderDocument(
    template: string,
    url: string,
    reader: {
      products(query: object): Promise<{ products: Product[]; total: number }>;
      product(id: string): Promise<Product | null>;
      specs(id: string): Promise<null>;
      browse(params: object): Promise<{ ok: false; status: number; code: string; message: string }>;
    },
  ): Promise<{ html: string; status: number } | null>;
};
const { renderDocument } = (await import(
  pathToFileURL(path.join(distDir, '.ssr', 'entry-server.js')).href
)) as ServerRender;
const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');

const hostileName = 'Bolt </script><script>alert(1)</script><!-- & "quoted" \u2028';
const hostile: Product = {
  _id: '0b7d0c56-7f0c-4d4f-8f43-6a8a1f3f1a01',
  name: hostileName,
  img: '/uploads/bolt.webp',
  description: '<img src=x onerror=alert(2)>',
  price: 0.42,
  minOrder: 500,
  availableQuantiity: 120000,
  sku: 'FL-BOLT-1',
  packSize: 1,
  maxOrder: null,
  lowStockThreshold: 10,
  priceTiers: [],
  taxCategory: 'standard' as const,
};
const reader = {
  products: async () => ({ products: [hostile], total: 1 }),
  product: async (id: string) => (id === hostile._id ? hostile : null),
  // The catalogue's category trail and pages (decision 0220) are not what these pages test.
  specs: async () => null,
  browse: async () => ({
    ok: false as const,
    status: 404,
    code: 'NOT_FOUND',
    message: 'Category not found.',
  }),
};

/** The JSON of the page's data script, as the browser reads it. */
const stateOf = (html: string) => {
  const match = /<script type="application\/json" id="forgeline-state">([^]*?)<\/script>/.exec(html);
  expect(match, 'the page carries its data').not.toBeNull();
  return JSON.parse(match![1]!) as { queryKey: unknown[]; data: unknown }[];
};

describe('server render (dist/.ssr)', () => {
  it('renders the home page with its products, and their data for the first render', async () => {
    const html = (await renderDocument(template, '/', reader))!.html;
    expect(html).toContain('Products We Supply');
    expect(html).toContain('FL-BOLT-1');
    const [query] = stateOf(html);
    expect(query!.queryKey[0]).toBe('products');
    expect(JSON.stringify(query!.data)).toContain(JSON.stringify(hostileName));
  });

  it('keeps user data from closing the script or adding markup', async () => {
    const html = (await renderDocument(template, '/', reader))!.html;
    const scripts = html.match(/<script\b/g) ?? [];
    const templateScripts = template.match(/<script\b/g) ?? [];
    // Only the template's scripts and the one data script: a name cannot open another.
    expect(scripts.length).toBe(templateScripts.length + 1);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<!-- &');
    expect(stateOf(html)[0]!.data).toMatchObject({
      pages: [{ products: [{ name: hostileName }] }],
    });
  });

  it('gives each page its own title and description, escaped', async () => {
    const product = (await renderDocument(template, `/product/${hostile._id}`, reader))!.html;
    expect(product).toContain(
      '<title>Bolt &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &quot;quoted&quot; \u2028 | Forgeline</title>',
    );
    const blogs = (await renderDocument(template, '/blogs', reader))!.html;
    expect(blogs).toContain('<title>Blogs | Forgeline</title>');
    expect(blogs).toMatch(/<meta name="description" content="Our engineers answer/);
    expect((blogs.match(/<title>/g) ?? []).length).toBe(1);
  });

  it('sizes every picture of the public pages, and loads those below the first screen lazily', async () => {
    // Eight products: the home page's grid has a first row (eager) and more (lazy).
    const many = Array.from({ length: 8 }, (_, i) => ({
      ...hostile,
      _id: `0b7d0c56-7f0c-4d4f-8f43-6a8a1f3f1a${String(10 + i)}`,
      // An uploaded photo (a uuid, with its 400 px thumbnail) and pictures without one.
      img: i === 0 ? '/uploads/5f0c6b1e-2d4a-4c8e-9b7a-1e2f3a4b5c6d.webp' : `/uploads/part-${i}.webp`,
    }));
    const manyReader = {
      products: async () => ({ products: many, total: many.length }),
      product: async (id: string) => many.find((product) => product._id === id) ?? null,
      specs: reader.specs,
      browse: reader.browse,
    };
    for (const url of ['/', '/blogs', '/portfolio', `/product/${many[0]!._id}`]) {
      const html = (await renderDocument(template, url, manyReader))!.html;
      const images = html.match(/<img\b[^>]*>/g) ?? [];
      expect(images.length, url).toBeGreaterThan(0);
      for (const image of images) {
        // Width and height set: the layout does not move when the picture arrives.
        expect(image, `${url}: ${image}`).toMatch(/\swidth="\d+"/);
        expect(image, `${url}: ${image}`).toMatch(/\sheight="\d+"/);
        // Our own pictures are WebP or SVG; the large ones come in sizes (srcset).
        const src = /\ssrc="([^"]+)"/.exec(image)?.[1] ?? '';
        if (!src.startsWith('data:')) expect(src, `${url}: ${image}`).toMatch(/\.(webp|avif|svg)$/);
        if (/hero/.test(src))
          expect(image, `${url}: ${image}`).toMatch(/\ssrcset="[^"]+ 768w, [^"]+ 1600w"/i);
      }
    }
    // On the home page, the product pictures after the first row wait until they are near the screen.
    const home = (await renderDocument(template, '/', manyReader))!.html;
    const cards = (home.match(/<img\b[^>]*>/g) ?? []).filter((image) => image.includes('/uploads/'));
    expect(cards).toHaveLength(8);
    // Uploaded photos come in two sizes; the others have no smaller copy to offer.
    expect(cards[0]).toMatch(
      /srcset="\/uploads\/5f0c6b1e-2d4a-4c8e-9b7a-1e2f3a4b5c6d-thumb\.webp 400w, \/uploads\/5f0c6b1e-2d4a-4c8e-9b7a-1e2f3a4b5c6d\.webp 1600w"/i,
    );
    expect(cards[1]).not.toMatch(/srcset=/i);
    const page = (await renderDocument(template, `/product/${many[0]!._id}`, manyReader))!.html;
    // The product photo is the page's largest paint: fetched at high priority.
    const photo = (page.match(/<img\b[^>]*>/g) ?? []).find((image) => image.includes('-thumb.webp 400w'));
    expect(photo).toMatch(/fetchpriority="high"/i);
    expect(page).toMatch(/srcset="[^"]*-thumb\.webp 400w/i);
    cards.forEach((image, index) =>
      expect(image, image).toContain(index < 3 ? 'loading="eager"' : 'loading="lazy"'),
    );
  });

  it('renders a missing product as the SPA does, as a 404, with the refusal for the browser to hydrate from', async () => {
    const page = (await renderDocument(template, '/product/no-such-product', reader))!;
    expect(page.status).toBe(404);
    expect(page.html).toContain('<title>Product | Forgeline</title>');
    expect(page.html).toContain('Product not found');
    // No product data; the API's refusal, so that the browser's first render shows the same page.
    expect(stateOf(page.html)).toEqual([
      {
        queryKey: ['products', 'detail', 'no-such-product'],
        error: { status: 404, message: 'There is no such product.', code: 'NOT_FOUND' },
      },
    ]);
    expect((await renderDocument(template, `/product/${hostile._id}`, reader))!.status).toBe(200);
  });

  it('renders the sign-in forms with every form inert until the app takes over', async () => {
    for (const url of ['/login', '/signup', '/resetPass']) {
      const html = (await renderDocument(template, url, reader))!.html;
      const forms = html.match(/<form\b[^>]*>/g) ?? [];
      expect(forms.length, url).toBeGreaterThanOrEqual(1);
      // Sent before the script ran, a form would put what was typed (a password) into the address.
      for (const form of forms) expect(form, url).toMatch(/^<form inert=""[\s>]/);
      expect(html, url).toMatch(/type="password"|Reset/);
    }
  });
});

describe('the server sends public pages as HTML', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  }, 60_000);
  afterAll(() => t?.close());

  it('the home page holds the catalogue, compressed; session pages and sign-in forms are left to the SPA', async () => {
    const products = (await t.app.inject({ url: '/api/products?limit=1' })).json<Product[]>();
    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(home.rawPayload).toString('utf8');
    expect(html).toContain(products[0]!.name);

    const product = await t.app.inject({ url: `/product/${products[0]!._id}` });
    expect(product.body).toContain(`<title>${products[0]!.name} | Forgeline</title>`);

    // Left to the SPA: the pages of a session but the purchase page, and that page for a visitor (the
    // SPA sends them to /login).
    for (const url of ['/dashboard', '/cart', `/purchase/${products[0]!._id}`]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
    }
    // The sign-in forms arrive as HTML, inert until the app has taken over.
    const login = await t.app.inject({ url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Login | Forgeline</title>');
    expect(login.body).toMatch(/<form inert=""[^>]*aria-label="Login"/);

    // A part that is not in the catalogue is a 404, with the page that says so.
    const missing = await t.app.inject({ url: '/product/no-such-product' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Product not found');
  });

  it('sends every script and stylesheet compressed at build time, at the strongest setting, for the encoding asked', async () => {
    // Files under 1 KB are sent as they are: compression gains a few bytes there, if any.
    const assets = readdirSync(path.join(distDir, 'assets')).filter(
      (name) => /\.(js|css)$/.test(name) && readFileSync(path.join(distDir, 'assets', name)).length >= 1024,
    );
    expect(assets.length).toBeGreaterThan(10);
    for (const name of assets) {
      const file = readFileSync(path.join(distDir, 'assets', name));
      const url = `/assets/${name}`;
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers['content-encoding'], name).toBe('br');
      expect(br.headers.vary, name).toContain('accept-encoding');
      expect(br.headers['cache-control'], name).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).equals(file), name).toBe(true);
      // Brotli's strongest setting, not the on-the-fly one (quality 4) the answer would have otherwise.
      const onTheFly = brotliCompressSync(file, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
      expect(br.rawPayload.length, name).toBeLessThanOrEqual(onTheFly.length);
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], name).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(file), name).toBe(true);
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(plain.rawPayload.equals(file), name).toBe(true);
    }
    // The entry, the largest script of every first view, is markedly smaller than compressed on the fly.
    const entry = assets.find((name) => /^index-[\w-]{8}\.js$/.test(name))!;
    const entryFile = readFileSync(path.join(distDir, 'assets', entry));
    const sent = await t.app.inject({ url: `/assets/${entry}`, headers: { 'accept-encoding': 'br' } });
    const onTheFly = brotliCompressSync(entryFile, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    expect(sent.rawPayload.length).toBeLessThan(onTheFly.length * 0.9);
  });

  it("sends the purchase page as HTML to its signed-in viewer, with their profile, for no one else's cache", async () => {
    const [product] = (await t.app.inject({ url: '/api/products?limit=1' })).json<Product[]>();
    const buyer = await createUser(t.app, { name: 'Ada Buyer' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/userInfo?email=${encodeURIComponent(buyer.email)}`,
      headers: { cookie: buyer.cookie, origin: t.app.config.publicUrl },
      payload: { phone: '+1 555 0100', address: '12 Foundry Lane, Sheffield', profession: 'Buyer' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = await t.app.inject({ url: `/purchase/${product!._id}`, headers: { cookie: buyer.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toMatch(/cookie/);
    expect(page.body).toContain(`<title>Buy ${product!.name} | Forgeline</title>`);
    expect(page.body).toContain('Place your order');
    expect(page.body).toMatch(/<form inert=""/);
    // The form starts from the profile, as the SPA's does.
    expect(page.body).toContain('value="12 Foundry Lane, Sheffield"');
    expect(page.body).toContain(`value="${buyer.email}"`);
    // The session and the profile the page was rendered from travel with it: no request waits for them.
    const state = stateOf(page.body);
    expect(state.map((entry) => entry.queryKey[0])).toEqual(
      expect.arrayContaining(['auth', 'users', 'products']),
    );
    expect(JSON.stringify(state)).toContain(buyer.email);
    expect(JSON.stringify(state)).toContain('12 Foundry Lane, Sheffield');

    // Another product id that is not in the catalogue: the viewer gets the page's 'not found', as a 404.
    const missing = await t.app.inject({
      url: '/purchase/no-such-product',
      headers: { cookie: buyer.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
