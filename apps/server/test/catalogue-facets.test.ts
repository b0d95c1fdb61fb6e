// Facet counts equal a brute-force count (docs/decisions/0220, counted in SQL since 0249): over random
// catalogues (parts in the category, in its subcategory or elsewhere; restricted and discontinued parts a
// visitor never sees), random filters (ranges with open ends, several options, yes/no, several at once),
// the count behind each value on a category page is the number of parts the viewer sees that hold the
// value and pass every other filter; the total and the subcategory's count are those passing them all.
// The same for a company's buyer, whose catalogue adds parts allowed to the company (restricted ones
// included) and takes away those denied to it (decision 0216).
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowseResult } from '@forgeline/shared/schemas/catalogue';
import {
  categories,
  categoryAttributes,
  productAttributeValues,
  productAccess,
  productCategories,
  products,
} from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs } from './support/cast.ts';

let t: TestApp;
let categoryId: string;
let childId: string;
let companyId: string;
let buyer: TestUser;
const attributeIds: Record<string, string> = {};
const SEALS = ['Open', 'ZZ', '2RS'];
const BORES = [10, 12, 15, 20, 25];

beforeAll(async () => {
  t = await buildTestApp();
  const [category] = await t.app.db.insert(categories).values({ slug: 'random', name: 'Random' }).returning();
  categoryId = category!.id;
  const [child] = await t.app.db
    .insert(categories)
    .values({ slug: 'random-child', name: 'Random child', parentId: categoryId })
    .returning();
  childId = child!.id;
  const rows = await t.app.db
    .insert(categoryAttributes)
    .values([
      { categoryId, key: 'bore', label: 'Bore', type: 'number', unit: 'mm' },
      { categoryId, key: 'seal', label: 'Seal', type: 'choice', options: SEALS },
      { categoryId, key: 'stainless', label: 'Stainless', type: 'boolean' },
    ])
    .returning();
  for (const row of rows) attributeIds[row.key] = row.id;

  const shop = await createUser(t.app, { admin: true });
  buyer = await createUser(t.app, { name: 'Bea Buyer' });
  const created = await requestAs(t.app, shop, 'POST', '/api/companies', {
    name: 'Facet Works Ltd',
    billingAddress: '1 Mill Lane, Leeds',
    country: 'GB',
  });
  expect(created.statusCode, created.body).toBe(201);
  companyId = created.json<{ id: string }>().id;
  const attached = await requestAs(t.app, shop, 'POST', `/api/companies/${companyId}/members`, {
    email: buyer.email,
    role: 'buyer',
  });
  expect(attached.statusCode, attached.body).toBe(201);
});
afterAll(() => t.close());

const part = fc.record({
  restricted: fc.boolean(),
  access: fc.constantFrom<'none' | 'allow' | 'deny'>('none', 'none', 'allow', 'deny'),
  discontinued: fc.boolean(),
  inCategory: fc.constantFrom<false | 'parent' | 'child'>(false, 'parent', 'child'),
  bore: fc.option(fc.constantFrom(...BORES), { nil: undefined }),
  seal: fc.option(fc.constantFrom(...SEALS), { nil: undefined }),
  stainless: fc.option(fc.boolean(), { nil: undefined }),
});
type Part = {
  restricted: boolean;
  /** What the shop set for the company: nothing, the part allowed, or denied. */
  access: 'none' | 'allow' | 'deny';
  discontinued: boolean;
  inCategory: false | 'parent' | 'child';
  bore?: number;
  seal?: string;
  stainless?: boolean;
};
const filters = fc.record({
  bore: fc.option(
    fc.tuple(
      fc.option(fc.constantFrom(...BORES), { nil: null }),
      fc.option(fc.constantFrom(...BORES), { nil: null }),
    ),
    { nil: undefined },
  ),
  seal: fc.option(fc.uniqueArray(fc.constantFrom(...SEALS), { minLength: 1 }), { nil: undefined }),
  stainless: fc.option(fc.boolean(), { nil: undefined }),
});
type Chosen = { bore?: [number | null, number | null]; seal?: string[]; stainless?: boolean };

function passes(p: Part, chosen: Chosen, except: string | null): boolean {
  if (except !== 'bore' && chosen.bore) {
    const [min, max] = chosen.bore;
    if (p.bore === undefined || (min !== null && p.bore < min) || (max !== null && p.bore > max))
      return false;
  }
  if (except !== 'seal' && chosen.seal && (p.seal === undefined || !chosen.seal.includes(p.seal)))
    return false;
  if (except !== 'stainless' && chosen.stainless !== undefined && p.stainless !== chosen.stainless)
    return false;
  return true;
}

/** Whether a visitor (null) or the company's buyer sees a part on its category page. */
function sees(p: Part, viewer: 'visitor' | 'buyer'): boolean {
  if (!p.inCategory || p.discontinued) return false;
  if (viewer === 'visitor') return !p.restricted;
  return p.access !== 'deny' && (!p.restricted || p.access === 'allow');
}

it('counts behind each value equal a brute-force count over the parts a visitor, or a company, sees', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(part, { maxLength: 14 }),
      filters,
      async (catalogue: Part[], chosen: Chosen) => {
        await t.app.db.delete(products);
        for (const [index, p] of catalogue.entries()) {
          const [row] = await t.app.db
            .insert(products)
            .values({
              name: `Part ${index}`,
              sku: `R-${index}`,
              priceCents: 100,
              minOrder: 1,
              availableQuantity: 5,
              description: '-',
              restricted: p.restricted,
              discontinued: p.discontinued,
            })
            .returning({ id: products.id });
          if (p.access !== 'none') {
            await t.app.db.insert(productAccess).values({ productId: row!.id, companyId, access: p.access });
          }
          if (!p.inCategory) continue;
          await t.app.db
            .insert(productCategories)
            .values({ productId: row!.id, categoryId: p.inCategory === 'child' ? childId : categoryId });
          const values = [
            p.bore !== undefined && { attributeId: attributeIds.bore!, numberValue: p.bore },
            p.seal !== undefined && { attributeId: attributeIds.seal!, textValue: p.seal },
            p.stainless !== undefined && { attributeId: attributeIds.stainless!, booleanValue: p.stainless },
          ].filter((value) => value !== false);
          if (values.length > 0) {
            await t.app.db
              .insert(productAttributeValues)
              .values(values.map((v) => ({ productId: row!.id, ...v })));
          }
        }
        t.app.catalogueCache.invalidate();

        const params = new URLSearchParams({ category: 'random' });
        if (chosen.bore) params.set('bore', `${chosen.bore[0] ?? ''}..${chosen.bore[1] ?? ''}`);
        if (chosen.seal) params.set('seal', chosen.seal.join(','));
        if (chosen.stainless !== undefined) params.set('stainless', chosen.stainless ? 'yes' : 'no');
        if (chosen.bore && chosen.bore[0] === null && chosen.bore[1] === null) params.delete('bore');
        const effective: Chosen = { ...chosen, bore: params.has('bore') ? chosen.bore : undefined };

        for (const viewer of ['visitor', 'buyer'] as const) {
          const res = await requestAs(
            t.app,
            viewer === 'buyer' ? buyer : null,
            'GET',
            `/api/catalogue?${params}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<BrowseResult>();

          const seen = catalogue.filter((p) => sees(p, viewer));
          expect(body.total, viewer).toBe(seen.filter((p) => passes(p, effective, null)).length);
          expect(body.categories).toEqual([
            {
              slug: 'random-child',
              name: 'Random child',
              count: seen.filter((p) => p.inCategory === 'child' && passes(p, effective, null)).length,
            },
          ]);
          expect(body.products).toHaveLength(Math.min(body.total, body.pageSize));
          const brute = (key: 'bore' | 'seal' | 'stainless', value: number | string | boolean) =>
            seen.filter((p) => p[key] === value && passes(p, effective, key)).length;
          for (const [key, values] of [
            ['bore', BORES],
            ['seal', SEALS],
            ['stainless', [false, true]],
          ] as const) {
            const facet = body.facets.find((f) => f.key === key)!;
            for (const value of values) {
              const shown = facet.values.find((v) => v.value === value)?.count ?? 0;
              expect(shown, `${viewer}: ${key}=${String(value)}`).toBe(brute(key, value));
            }
          }
        }
      },
    ),
    { numRuns: 40, seed: 249 },
  );
}, 120_000);

it('counts follow every later write of a value, a visibility, a category (the facet index, decision 0265)', async () => {
  await t.app.db.delete(products);
  const ids: string[] = [];
  for (const [index, seal] of ['ZZ', 'ZZ'].entries()) {
    const [row] = await t.app.db
      .insert(products)
      .values({
        name: `Kept ${index}`,
        sku: `K-${index}`,
        priceCents: 100,
        minOrder: 1,
        availableQuantity: 5,
        description: '-',
      })
      .returning({ id: products.id });
    ids.push(row!.id);
    await t.app.db.insert(productCategories).values({ productId: row!.id, categoryId });
    await t.app.db.insert(productAttributeValues).values([
      { productId: row!.id, attributeId: attributeIds.seal!, textValue: seal },
      { productId: row!.id, attributeId: attributeIds.bore!, numberValue: 10 + index },
    ]);
  }
  const [a, b] = ids as [string, string];
  const page = async (query = '') => {
    t.app.catalogueCache.invalidate();
    const res = await t.app.inject({ url: `/api/catalogue?category=random${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BrowseResult>();
    const seals = body.facets.find((facet) => facet.key === 'seal')!.values;
    return {
      total: body.total,
      seals: Object.fromEntries(seals.map((v) => [String(v.value), v.count])),
      child: body.categories[0]!.count,
      ids: body.products.map((p) => p._id),
    };
  };
  expect(await page()).toEqual({ total: 2, seals: { ZZ: 2 }, child: 0, ids: [a, b] });

  await t.app.db
    .update(productAttributeValues)
    .set({ textValue: '2RS' })
    .where(
      and(
        eq(productAttributeValues.productId, b),
        eq(productAttributeValues.attributeId, attributeIds.seal!),
      ),
    );
  expect((await page('&bore=11..')).seals).toEqual({ '2RS': 1 });
  expect(await page('&seal=ZZ')).toMatchObject({ total: 1, seals: { ZZ: 1, '2RS': 1 }, ids: [a] });

  await t.app.db.update(products).set({ restricted: true }).where(eq(products.id, a));
  expect(await page()).toMatchObject({ total: 1, seals: { '2RS': 1 }, ids: [b] });

  await t.app.db
    .update(productCategories)
    .set({ categoryId: childId })
    .where(eq(productCategories.productId, b));
  expect(await page()).toMatchObject({ total: 1, child: 1 });

  await t.app.db.update(products).set({ discontinued: true }).where(eq(products.id, b));
  expect(await page()).toMatchObject({ total: 0, seals: {}, child: 0 });

  await t.app.db.update(products).set({ discontinued: false }).where(eq(products.id, b));
  await t.app.db.delete(productAttributeValues).where(eq(productAttributeValues.productId, b));
  expect(await page()).toMatchObject({ total: 1, seals: {}, child: 1 });
  await t.app.db.delete(productCategories).where(eq(productCategories.productId, b));
  expect(await page()).toMatchObject({ total: 0, child: 0 });
});
