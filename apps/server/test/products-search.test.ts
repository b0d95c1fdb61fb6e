// The catalogue search never misses (docs/decisions/0180): a part number is found however it is spelled
// (case, separators), a name with a typo still finds its part, and the part number typed whole ranks first.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@forgeline/shared/schemas/product';
import { products } from '../src/db/schema/index.ts';
import { partNumberKey } from '../src/modules/products/repository.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;

const segment = fc.stringMatching(/^[A-Z0-9]{1,5}$/);
const partNumber = fc.array(segment, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('-'));

/** Generated catalogue: part numbers whose letters and digits differ (two that differ only in dashes name one part twice). */
const catalogue = fc.sample(
  fc.uniqueArray(partNumber, { minLength: 120, maxLength: 120, selector: partNumberKey }),
  {
    numRuns: 1,
    seed: 7,
  },
)[0]!;

const NAMES = [
  'Stainless hex bolt M8 x 40',
  'Deep groove ball bearing 6204-2RS',
  'Zinc-plated flange nut M10',
  'Aluminium shaft collar 25 mm',
  'Nylon spacer 12 x 20',
];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.db.insert(products).values([
    ...catalogue.map((sku, i) => ({
      name: `Generated part ${i}`,
      sku,
      priceCents: 500,
      minOrder: 1,
      availableQuantity: 100,
      description: 'Generated for the search test.',
      imageUrl: '/uploads/test.webp',
    })),
    ...NAMES.map((name, i) => ({
      name,
      sku: `FL-NAMED-${i}`,
      priceCents: 500,
      minOrder: 1,
      availableQuantity: 100,
      description: 'Named for the search test.',
      imageUrl: '/uploads/test.webp',
    })),
  ]);
});
afterAll(() => t.close());

const search = async (term: string) => {
  const res = await t.app.inject({ url: `/api/products?search=${encodeURIComponent(term)}&limit=50` });
  expect(res.statusCode, term).toBe(200);
  return res.json<Product[]>();
};

/** A part number as a person might type it: any case per letter, any separator (or none) between characters. */
const spellingOf = (sku: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: sku.length, maxLength: sku.length }),
      fc.array(fc.constantFrom('', '', '', '-', ' ', '.', '/', ' - '), {
        minLength: sku.length,
        maxLength: sku.length,
      }),
    )
    .map(([lower, separators]) =>
      [...sku.replace(/-/g, '')]
        .map((char, i) => (lower[i] ? char.toLowerCase() : char) + (i < sku.length - 1 ? separators[i] : ''))
        .join('')
        .trim(),
    );

describe('catalogue search', () => {
  it('finds every part by every spelling of its number, and that part first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...catalogue).chain((sku) => fc.tuple(fc.constant(sku), spellingOf(sku))),
        async ([sku, typed]) => {
          const found = await search(typed);
          expect(found[0]?.sku, `${typed} should find ${sku} first`).toBe(sku);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds FL-BRG-6204 as FLBRG6204, fl brg 6204 and brg-6204, exact part number before longer ones', async () => {
    await t.app.db.insert(products).values(
      ['FL-BRG-62040', 'FL-BRG-6204', 'XFL-BRG-6204'].map((sku) => ({
        name: sku === 'FL-BRG-6204' ? 'Deep groove ball bearing' : `Bearing kit with ${sku}`,
        sku,
        priceCents: 500,
        minOrder: 1,
        availableQuantity: 100,
        description: 'Bearings.',
        imageUrl: '/uploads/test.webp',
      })),
    );
    for (const typed of ['FLBRG6204', 'fl brg 6204', 'fl-brg-6204', 'Fl.Brg.6204']) {
      const found = (await search(typed)).map((product) => product.sku);
      expect(found[0], typed).toBe('FL-BRG-6204');
      expect(found, typed).toEqual(expect.arrayContaining(['FL-BRG-62040', 'XFL-BRG-6204']));
    }
    // A part of the number finds every part containing it.
    expect((await search('brg-6204')).map((product) => product.sku)).toEqual(
      expect.arrayContaining(['FL-BRG-6204', 'FL-BRG-62040', 'XFL-BRG-6204']),
    );
  });

  it('finds a name with any one letter changed, dropped or doubled', async () => {
    const typo = fc
      .tuple(
        fc.constantFrom(...NAMES),
        fc.nat(),
        fc.constantFrom('change', 'drop', 'double'),
        fc.constantFrom(...'aeiouxkz'),
      )
      .map(([name, at, kind, letter]) => {
        const letters = [...name].flatMap((char, i) => (/[a-z]/i.test(char) ? [i] : []));
        const i = letters[at % letters.length]!;
        const replaced =
          kind === 'change'
            ? name[i] === letter
              ? 'q'
              : letter
            : kind === 'drop'
              ? ''
              : name[i]! + name[i]!;
        return { name, typed: name.slice(0, i) + replaced + name.slice(i + 1) };
      });
    await fc.assert(
      fc.asyncProperty(typo, async ({ name, typed }) => {
        const found = (await search(typed)).map((product) => product.name);
        expect(found, `${typed} should find ${name}`).toContain(name);
      }),
      { numRuns: 120 },
    );
    // One misspelt word alone, too.
    expect((await search('bearng')).map((product) => product.name)).toContain(
      'Deep groove ball bearing 6204-2RS',
    );
  });

  it('answers names that contain the words without the near-misses, and nothing for nonsense', async () => {
    const found = (await search('flange nut')).map((product) => product.name);
    expect(found).toEqual(['Zinc-plated flange nut M10']);
    expect(await search('qqqqzzzz')).toEqual([]);
  });
});
