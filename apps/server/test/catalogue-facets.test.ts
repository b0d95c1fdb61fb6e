// Facet counts equal a brute-force count (docs/decisions/0220, counted in SQL since 0249): over random
// catalogues (parts in the category, in its subcategory or elsewhere; restricted and discontinued parts a
// visitor never sees), random filters (ranges with open ends, several options, yes/no, several at once),
// the count behind each value on a category page is the number of parts the viewer sees that hold the
// value and pass every other filter; the total and the subcategory's count are those passing them all.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowseResult } from '@forgeline/shared/schemas/catalogue';
import {
  categories,
  categoryAttributes,
  productAttributeValues,
  productCategories,
  products,
} from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let categoryId: string;
let childId: string;
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
});
afterAll(() => t.close());

const part = fc.record({
  restricted: fc.boolean(),
  discontinued: fc.boolean(),
  inCategory: fc.constantFrom<false | 'parent' | 'child'>(false, 'parent', 'child'),
  bore: fc.option(fc.constantFrom(...BORES), { nil: undefined }),
  seal: fc.option(fc.constantFrom(...SEALS), { nil: undefined }),
  stainless: fc.option(fc.boolean(), { nil: undefined }),
});
type Part = {
  restricted: boolean;
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

it('counts behind each value equal a brute-force count over the parts a visitor sees', async () => {
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

        const res = await t.app.inject({ url: `/api/catalogue?${params}` });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<BrowseResult>();

        const seen = catalogue.filter((p) => !p.restricted && !p.discontinued && p.inCategory);
        expect(body.total).toBe(seen.filter((p) => passes(p, effective, null)).length);
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
            expect(shown, `${key}=${String(value)}`).toBe(brute(key, value));
          }
        }
      },
    ),
    { numRuns: 40, seed: 249 },
  );
}, 120_000);
