// Search finds every part by every spelling of its number (docs/decisions/0180, 0220): over random
// catalogues of part numbers that share prefixes (FL-BRG-6204 beside FL-BRG-6204-2RS), each part is
// found first by the search page, the suggestions and the products list, whatever the case and whatever
// separators the buyer types or leaves out.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowseResult, Suggestion } from '@forgeline/shared/schemas/catalogue';
import type { Product } from '@forgeline/shared/schemas/product';
import { products } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SEPARATORS = ['-', ' ', '.', '/', '_', ''];
const segment = fc.stringMatching(/^[A-Z0-9]{1,5}$/);
/** A part number: two to four segments joined by dashes, as the shop writes them. */
const partNumber = fc.array(segment, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('-'));
/** A way a buyer may type it: each letter in either case, each dash as any separator or none. */
const spellingOf = (sku: string) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...SEPARATORS), { minLength: sku.length, maxLength: sku.length }),
      fc.array(fc.boolean(), { minLength: sku.length, maxLength: sku.length }),
    )
    .map(([separators, lower]) =>
      [...sku]
        .map((char, i) => (char === '-' ? separators[i] : lower[i] ? char.toLowerCase() : char))
        .join(''),
    );

it('finds each part first by any spelling of its number, on the search page, in suggestions and in the list', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc
        .uniqueArray(partNumber, {
          minLength: 1,
          maxLength: 6,
          // Two numbers alike but for separators would be one key: the shop keeps them apart by letters.
          selector: (sku) => sku.replaceAll('-', ''),
        })
        .chain((skus) =>
          fc.tuple(
            fc.constant(skus),
            fc.tuple(...skus.map((sku) => fc.array(spellingOf(sku), { minLength: 1, maxLength: 3 }))),
          ),
        ),
      async ([skus, spellings]) => {
        await t.app.db.delete(products);
        // Each number also has a longer sibling it is a prefix of, so that "exact first" is put to the test.
        await t.app.db.insert(products).values(
          skus.flatMap((sku, i) => [
            {
              name: `Sibling ${i}`,
              sku: `${sku}-ZZZZZZ`,
              priceCents: 100,
              minOrder: 1,
              availableQuantity: 5,
              description: '-',
            },
            { name: `Part ${i}`, sku, priceCents: 100, minOrder: 1, availableQuantity: 5, description: '-' },
          ]),
        );
        t.app.catalogueCache.invalidate();
        for (const [i, sku] of skus.entries()) {
          for (const typed of spellings[i]!) {
            if (typed.replace(/[^A-Za-z0-9]/g, '') === '') continue;
            const q = encodeURIComponent(typed);
            const page = await t.app.inject({ url: `/api/catalogue?q=${q}` });
            expect(page.statusCode, page.body).toBe(200);
            expect(page.json<BrowseResult>().products[0]?.sku, `${typed} on the search page`).toBe(sku);
            const suggested = await t.app.inject({ url: `/api/catalogue/suggest?q=${q}` });
            expect(suggested.json<Suggestion[]>()[0]?.sku, `${typed} in suggestions`).toBe(sku);
            const listed = await t.app.inject({ url: `/api/products?search=${q}` });
            expect(listed.json<Product[]>()[0]?.sku, `${typed} in the list`).toBe(sku);
          }
        }
      },
    ),
    { numRuns: 25, seed: 180 },
  );
}, 180_000);
