// The engineer's catalogue (docs/decisions/0220): the admin's category tree and typed attributes, a part's
// values checked against its category, and a category page filtered by them.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult, Category, ProductSpecs } from '@forgeline/shared/schemas/catalogue';
import { categories, products } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct } from './support/data.ts';

let t: TestApp;
let shop: TestUser;
const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);

async function newCategory(body: Record<string, unknown>): Promise<Category> {
  const res = await call(shop, 'POST', '/api/categories', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Category>();
}
async function newAttribute(categoryId: string, body: Record<string, unknown>) {
  const res = await call(shop, 'POST', `/api/categories/${categoryId}/attributes`, body);
  expect(res.statusCode, res.body).toBe(201);
}
async function browse(query: string, user: TestUser | null = null) {
  const res = await call(user, 'GET', `/api/catalogue?${query}`);
  return {
    status: res.statusCode,
    body: res.json<BrowseResult & { message?: string; details?: Record<string, string> }>(),
  };
}

let bearings: Category;
let ball: Category;
const parts: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  shop = await createUser(t.app, { admin: true });
  bearings = await newCategory({
    name: 'Bearings',
    slug: 'bearings',
    description: 'Rolling bearings.',
    inches: true,
  });
  ball = await newCategory({ name: 'Ball bearings', slug: 'ball-bearings', parentId: bearings._id });
  await newAttribute(bearings._id, { key: 'bore', label: 'Bore', type: 'number', unit: 'mm' });
  await newAttribute(ball._id, {
    key: 'seal',
    label: 'Seal',
    type: 'choice',
    options: ['Open', 'ZZ', '2RS'],
  });
  await newAttribute(ball._id, { key: 'stainless', label: 'Stainless', type: 'boolean' });
  const specs = [
    ['B-6000', 10, 'ZZ', false],
    ['B-6001', 12, '2RS', false],
    ['B-6002', 15, '2RS', true],
    ['B-6004', 20, '2RS', false],
    ['B-6004-SS', 20, '2RS', true],
    ['B-6204', 20, 'Open', false],
  ] as const;
  for (const [sku, bore, seal, stainless] of specs) {
    const row = await makeProduct(t.app, { sku, name: `Ball bearing ${sku}` });
    parts[sku] = row.id;
    const res = await call(shop, 'PUT', `/api/product/${row.id}/specs`, {
      category: 'ball-bearings',
      attributes: { bore, seal, stainless },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('the category tree', () => {
  it('lists categories and attributes to anyone', async () => {
    const res = await call(null, 'GET', '/api/categories');
    expect(res.statusCode).toBe(200);
    const tree = res.json<{ categories: Category[]; attributes: { key: string }[] }>();
    expect(tree.categories.map((c) => c.slug).sort()).toEqual(['ball-bearings', 'bearings']);
    expect(tree.attributes.map((a) => a.key).sort()).toEqual(['bore', 'seal', 'stainless']);
  });

  it('is edited by the shop admin only', async () => {
    const buyer = await createUser(t.app);
    for (const user of [null, buyer]) {
      const res = await call(user, 'POST', '/api/categories', { name: 'X', slug: 'x' });
      expect([401, 403]).toContain(res.statusCode);
    }
  });

  it('refuses to put a category inside itself or below itself, and saves nothing', async () => {
    const own = await expectRefused(
      t.app,
      () =>
        call(shop, 'PUT', `/api/categories/${bearings._id}`, {
          name: 'Bearings',
          slug: 'bearings',
          parentId: bearings._id,
          inches: true,
        }),
      400,
    );
    expect(own.json().message).toMatch(/cannot go inside 'Bearings'.*itself/);
    const below = await expectRefused(
      t.app,
      () =>
        call(shop, 'PUT', `/api/categories/${bearings._id}`, {
          name: 'Bearings',
          slug: 'bearings',
          parentId: ball._id,
          inches: true,
        }),
      400,
    );
    expect(below.json().message).toMatch(/subcategories.*loop/);
  });

  it('refuses a cycle when two moves arrive together: one wins, the tree stays a tree', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await newCategory({ name: `A${round}`, slug: `a-${round}` });
      const b = await newCategory({ name: `B${round}`, slug: `b-${round}` });
      const [intoB, intoA] = await Promise.all([
        call(shop, 'PUT', `/api/categories/${a._id}`, { name: a.name, slug: a.slug, parentId: b._id }),
        call(shop, 'PUT', `/api/categories/${b._id}`, { name: b.name, slug: b.slug, parentId: a._id }),
      ]);
      expect([intoB.statusCode, intoA.statusCode].sort()).toEqual([200, 400]);
      const rows = await t.app.db.select().from(categories);
      const parent = new Map(rows.map((row) => [row.id, row.parentId]));
      for (const row of rows) {
        const seen = new Set<string>();
        for (let at: string | null | undefined = row.id; at; at = parent.get(at)) {
          expect(seen.has(at), 'a cycle in the tree').toBe(false);
          seen.add(at);
        }
      }
    }
  });

  it('refuses a used address name, an unknown parent, a key used along the line, and deleting a category with parts', async () => {
    await expectRefused(
      t.app,
      () => call(shop, 'POST', '/api/categories', { name: 'Again', slug: 'bearings' }),
      400,
    );
    await expectRefused(
      t.app,
      () =>
        call(shop, 'POST', '/api/categories', {
          name: 'Lost',
          slug: 'lost',
          parentId: '00000000-0000-4000-8000-000000000000',
        }),
      400,
    );
    const clash = await expectRefused(
      t.app,
      () =>
        call(shop, 'POST', `/api/categories/${ball._id}/attributes`, {
          key: 'bore',
          label: 'Bore again',
          type: 'number',
          unit: 'mm',
        }),
      400,
    );
    expect(clash.json().message).toContain("already an attribute of 'Bearings'");
    await expectRefused(
      t.app,
      () =>
        call(shop, 'POST', `/api/categories/${ball._id}/attributes`, {
          key: 'page',
          label: 'Page',
          type: 'boolean',
        }),
      400,
    );
    const full = await expectRefused(t.app, () => call(shop, 'DELETE', `/api/categories/${ball._id}`), 409);
    expect(full.json().message).toMatch(/holds 6 part/);
  });
});

describe("a part's values", () => {
  const put = (id: string, body: unknown) => call(shop, 'PUT', `/api/product/${id}/specs`, body);

  it('refuses a value of the wrong type or unit, or outside the category, naming it, and saves nothing', async () => {
    const id = parts['B-6000']!;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ bore: 'wide' }, 'attributes.bore', /Bore is a number in mm/],
      [{ bore: '5 kg' }, 'attributes.bore', /Bore takes mm or in, not kg/],
      [{ seal: 'Felt' }, 'attributes.seal', /Seal is one of Open, ZZ, 2RS; 'Felt' is not/],
      [{ stainless: 'maybe' }, 'attributes.stainless', /Stainless is yes or no/],
      [{ thread: 'M8' }, 'attributes.thread', /'thread' is not an attribute of 'Ball bearings'/],
    ];
    for (const [attributes, field, message] of cases) {
      const res = await expectRefused(t.app, () => put(id, { category: 'ball-bearings', attributes }), 400);
      expect(res.json().message).toMatch(message);
      expect(Object.keys(res.json().details)).toEqual([field]);
    }
    const parent = await expectRefused(
      t.app,
      () => put(id, { category: 'bearings', attributes: { seal: 'ZZ' } }),
      400,
    );
    expect(parent.json().message).toMatch(/'seal' is not an attribute of 'Bearings'/);
    await expectRefused(t.app, () => put(id, { category: 'gears', attributes: {} }), 400);
    await expectRefused(t.app, () => put('00000000-0000-4000-8000-000000000000', { category: null }), 404);
  });

  it('takes a length in inches and keeps it in mm; the part page lists the values', async () => {
    const row = await makeProduct(t.app, { sku: 'B-INCH', name: 'Inch bearing R8' });
    expect(
      (await put(row.id, { category: 'ball-bearings', attributes: { bore: '0.5 in', seal: 'zz' } }))
        .statusCode,
    ).toBe(200);
    const res = await call(null, 'GET', `/api/products/${row.id}/specs`);
    const specs = res.json<ProductSpecs>();
    expect(specs.breadcrumbs.map((c) => c.slug)).toEqual(['bearings', 'ball-bearings']);
    expect(specs.specs.map((s) => [s.key, s.value])).toEqual([
      ['bore', 12.7],
      ['seal', 'ZZ'],
    ]);
    await put(row.id, { category: null });
    await t.app.db.delete(products).where(eq(products.id, row.id));
  });
});

describe('a category page with filters', () => {
  it('shows the parts of the category and its subcategories with counts behind each value', async () => {
    const { status, body } = await browse('category=bearings');
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.breadcrumbs.map((c) => c.slug)).toEqual(['bearings']);
    expect(body.categories).toEqual([{ slug: 'ball-bearings', name: 'Ball bearings', count: 6 }]);
    expect(body.attributes.map((a) => a.key)).toEqual(['bore']);
    expect(body.facets[0]!.values).toEqual([
      { value: 10, count: 1 },
      { value: 12, count: 1 },
      { value: 15, count: 1 },
      { value: 20, count: 3 },
    ]);
  });

  it('narrows by several filters at once; each facet counts under the other filters', async () => {
    const { body } = await browse('category=ball-bearings&bore=15..20&seal=2RS&stainless=yes');
    expect(body.products.map((p) => p.sku).sort()).toEqual(['B-6002', 'B-6004-SS']);
    const seal = body.facets.find((f) => f.key === 'seal')!;
    // Under bore 15..20 and stainless: two 2RS parts; Open and ZZ have none.
    expect(seal.values).toEqual([{ value: '2RS', count: 2 }]);
    const stainless = body.facets.find((f) => f.key === 'stainless')!;
    expect(stainless.values).toEqual([
      { value: false, count: 1 },
      { value: true, count: 2 },
    ]);
    expect(body.filters).toEqual({ bore: '15..20', seal: '2RS', stainless: 'yes' });
  });

  it('filters lengths in inches where the category offers them', async () => {
    const { body } = await browse('category=ball-bearings&unit=in&bore=0.7..0.8');
    expect(body.unit).toBe('in');
    expect(body.products.map((p) => p.sku).sort()).toEqual(['B-6004', 'B-6004-SS', 'B-6204']);
    expect(body.filters.bore).toBe('0.7..0.8');
  });

  it('refuses a filter naming no attribute of the category, or a value it cannot hold, naming it', async () => {
    const unknown = await browse('category=ball-bearings&thread=M8');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/no filter 'thread'/);
    expect(unknown.body.details).toHaveProperty('thread');
    const outside = await browse('category=bearings&seal=ZZ');
    expect(outside.status).toBe(400);
    expect(outside.body.details).toHaveProperty('seal');
    const badRange = await browse('category=ball-bearings&bore=wide');
    expect(badRange.status).toBe(400);
    expect(badRange.body.message).toMatch(/Bore filters by a range/);
    expect((await browse('category=no-such')).status).toBe(404);
  });

  it('never counts a part the viewer cannot see', async () => {
    await t.app.db.update(products).set({ restricted: true }).where(eq(products.id, parts['B-6004-SS']!));
    t.app.catalogueCache.invalidate();
    const { body } = await browse('category=ball-bearings&stainless=yes');
    expect(body.products.map((p) => p.sku)).toEqual(['B-6002']);
    expect(body.facets.find((f) => f.key === 'bore')!.values).toEqual([{ value: 15, count: 1 }]);
    const admin = await browse('category=ball-bearings&stainless=yes', shop);
    expect(admin.body.total).toBe(2);
    await t.app.db.update(products).set({ restricted: false }).where(eq(products.id, parts['B-6004-SS']!));
    t.app.catalogueCache.invalidate();
  });

  it('filters search results: categories of the matches with counts, the part number in any spelling', async () => {
    const { body } = await browse('q=b6004ss');
    expect(body.products[0]!.sku).toBe('B-6004-SS');
    const all = await browse('q=ball%20bearing');
    expect(all.body.categories).toEqual([{ slug: 'ball-bearings', name: 'Ball bearings', count: 6 }]);
    const within = await browse('q=ball%20bearing&category=ball-bearings&seal=ZZ');
    expect(within.body.products.map((p) => p.sku)).toEqual(['B-6000']);
  });

  it('keeps the audit trail of the edits', async () => {
    const [row] = await t.app.db.select({ n: count() }).from(categories);
    expect(row!.n).toBeGreaterThanOrEqual(2);
  });
});

describe('the products CSV carries categories and values', () => {
  const importCsv = (text: string, dryRun = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import?dryRun=${dryRun}`,
      headers: { ...shop.headers, 'content-type': 'text/csv' },
      payload: text,
    });
  const header = 'Part number,Name,Price,Stock,Minimum order,Description,Image,Category,Attributes';

  it('exports each part with its category and values in their units', async () => {
    const res = await call(shop, 'GET', '/api/products.csv');
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\n').find((row) => row.startsWith('B-6002,'))!;
    expect(line).toContain(',ball-bearings,bore=15 mm; seal=2RS; stainless=yes');
  });

  it('imports categories and values, a length in inches too, with the rest of the row', async () => {
    const csv = [
      header,
      'B-6000,Ball bearing B-6000,2.50,100,1,A part made for a test.,/uploads/test.webp,ball-bearings,bore=10 mm; seal=Open; stainless=no',
      'B-NEW-1,Inch ball bearing,3.10,50,1,New.,/uploads/test.webp,ball-bearings,bore=0.375 in; seal=2RS',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toMatchObject({ create: 1, update: 1, refused: 0 });
    const { body } = await browse('category=ball-bearings&seal=Open');
    expect(body.products.map((p) => p.sku).sort()).toEqual(['B-6000', 'B-6204']);
    const inch = await browse('category=ball-bearings&bore=9.5..9.6');
    expect(inch.body.products.map((p) => p.sku)).toEqual(['B-NEW-1']);
  });

  it('refuses a row with a value of the wrong type or unit, or outside its category, and writes nothing', async () => {
    const csv = [
      header,
      'B-6001,Ball bearing B-6001,2.50,100,1,A part made for a test.,/uploads/test.webp,ball-bearings,bore=12 kg',
      'B-NEW-2,Another,3.10,50,1,New.,/uploads/test.webp,bearings,seal=2RS',
      'B-NEW-3,Third,3.10,50,1,New.,/uploads/test.webp,no-such,',
    ].join('\n');
    const res = await expectRefused(t.app, () => importCsv(csv), 400);
    const rows = res.json().report.rows as { sku: string; errors: string[] }[];
    expect(rows[0]!.errors).toContain('Attributes: Bore takes mm or in, not kg.');
    expect(rows[1]!.errors).toContain("Attributes: 'seal' is not an attribute of 'Bearings'.");
    expect(rows[2]!.errors).toContain("Category: There is no category 'no-such'.");
  });
});

describe('suggestions while typing', () => {
  const suggest = async (q: string, user: TestUser | null = null) => {
    const res = await call(user, 'GET', `/api/catalogue/suggest?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ sku: string; name: string }[]>();
  };

  it('finds a part by every spelling of its number, the exact one first', async () => {
    for (const spelling of ['B-6004-SS', 'b6004ss', 'B 6004 ss', 'b.6004.SS', 'B6004-SS']) {
      expect((await suggest(spelling))[0]?.sku, spelling).toBe('B-6004-SS');
    }
    const prefix = await suggest('b6004');
    expect(prefix.slice(0, 2).map((s) => s.sku)).toEqual(['B-6004', 'B-6004-SS']);
  });

  it('tolerates a typo in a name, offers at most 8 and never a hidden part', async () => {
    expect((await suggest('bearng')).length).toBeGreaterThan(0);
    expect((await suggest('ball')).length).toBeLessThanOrEqual(8);
    await t.app.db.update(products).set({ restricted: true }).where(eq(products.id, parts['B-6002']!));
    t.app.catalogueCache.invalidate();
    expect((await suggest('b6002')).map((s) => s.sku)).not.toContain('B-6002');
    expect((await suggest('b6002', shop)).map((s) => s.sku)).toContain('B-6002');
    await t.app.db.update(products).set({ restricted: false }).where(eq(products.id, parts['B-6002']!));
    t.app.catalogueCache.invalidate();
  });
});
