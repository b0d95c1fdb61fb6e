import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOnRequest,
  lineTotalCents,
  nearestValidQuantity,
  priceTiersProblem,
  pricingOf,
  productRulesProblems,
  quantityProblem,
  tierInForce,
  unitPriceCents,
  type PricingInput,
} from '../src/index.ts';

/** Tiers as an admin may save them: ascending quantities (≥ 2), prices never going up from the base. */
const tiersArb = (basePriceCents: number) =>
  fc.uniqueArray(fc.integer({ min: 2, max: 100_000 }), { maxLength: 6 }).chain((quantities) =>
    fc
      .array(fc.integer({ min: 0, max: 50 }), {
        minLength: quantities.length,
        maxLength: quantities.length,
      })
      .map((cuts) => {
        const sorted = [...quantities].sort((a, b) => a - b);
        let price = basePriceCents;
        return sorted.map((minQuantity, index) => {
          price = Math.max(1, price - (cuts[index] ?? 0));
          return { minQuantity, priceCents: price };
        });
      }),
  );

const productArb: fc.Arbitrary<PricingInput> = fc
  .record({
    priceCents: fc.integer({ min: 1, max: 1_000_000 }),
    packSize: fc.integer({ min: 1, max: 500 }),
    minPacks: fc.integer({ min: 1, max: 50 }),
    maxPacks: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
    availableQuantity: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .chain(({ priceCents, packSize, minPacks, maxPacks, availableQuantity }) =>
    tiersArb(priceCents).map((tiers) => ({
      priceCents,
      tiers,
      packSize,
      minOrder: packSize * minPacks,
      maxOrder: maxPacks === null ? null : packSize * (minPacks + maxPacks),
      availableQuantity,
    })),
  );

const bolt: PricingInput = {
  priceCents: 420,
  tiers: [
    { minQuantity: 100, priceCents: 400 },
    { minQuantity: 500, priceCents: 390 },
  ],
  minOrder: 50,
  packSize: 10,
  maxOrder: 2000,
  availableQuantity: 1000,
};

describe('unit price and tiers', () => {
  it('uses the base price below the first break and each tier from its own quantity on', () => {
    expect(unitPriceCents(bolt, 50)).toBe(420);
    expect(unitPriceCents(bolt, 99)).toBe(420);
    expect(unitPriceCents(bolt, 100)).toBe(400);
    expect(unitPriceCents(bolt, 499)).toBe(400);
    expect(unitPriceCents(bolt, 500)).toBe(390);
    expect(tierInForce(bolt, 99)).toBeNull();
    expect(tierInForce(bolt, 500)).toEqual({ minQuantity: 500, priceCents: 390 });
    expect(lineTotalCents(bolt, 500)).toBe(195_000);
  });

  it('a tier applies exactly from its minimum quantity: one piece less pays the tier before', () => {
    fc.assert(
      fc.property(productArb, (product) => {
        product.tiers.forEach((tier, index) => {
          expect(unitPriceCents(product, tier.minQuantity)).toBe(tier.priceCents);
          const before = index === 0 ? product.priceCents : product.tiers[index - 1]!.priceCents;
          expect(unitPriceCents(product, tier.minQuantity - 1)).toBe(before);
        });
      }),
    );
  });

  it('ordering more never raises the unit price, and the line total is unit price × quantity in whole cents', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: 1, max: 200_000 }), (product, quantity) => {
        expect(unitPriceCents(product, quantity + 1)).toBeLessThanOrEqual(unitPriceCents(product, quantity));
        const total = lineTotalCents(product, quantity);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(unitPriceCents(product, quantity) * quantity);
      }),
    );
  });

  it('dollars on the wire become the same cents (no float drift: 0.29 × 100 is 29)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const input = pricingOf({
          price: cents / 100,
          priceTiers: [{ minQuantity: 10, price: cents / 100 }],
          minOrder: 1,
          packSize: 1,
          maxOrder: null,
          availableQuantiity: 5,
        });
        expect(input.priceCents).toBe(cents);
        expect(input.tiers[0]?.priceCents).toBe(cents);
      }),
    );
  });
});

describe('quantity rules', () => {
  it('reports the first broken rule with its message (spec texts for the minimum and the stock)', () => {
    expect(quantityProblem(bolt, 40)).toEqual({
      rule: 'minimum',
      message: "You can't order less than 50 pcs !",
    });
    expect(quantityProblem(bolt, 55)).toEqual({ rule: 'multiple', message: 'Order in multiples of 10 pcs.' });
    expect(quantityProblem(bolt, 1010)?.rule).toBe('stock');
    expect(quantityProblem(bolt, 1010)?.message).toBe('You cannot buy more than availability!');
    expect(quantityProblem({ ...bolt, availableQuantity: 5000 }, 2010)?.rule).toBe('maximum');
    expect(quantityProblem(bolt, 2.5)?.rule).toBe('quantity');
    expect(quantityProblem(bolt, 0)?.rule).toBe('quantity');
    expect(quantityProblem(bolt, 100)).toBeNull();
  });

  it('a quantity passes exactly when it is whole, ≥ min, a multiple of the pack, ≤ max and ≤ stock', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: -5, max: 300_000 }), (product, quantity) => {
        const ok =
          quantity >= 1 &&
          quantity >= product.minOrder &&
          quantity % product.packSize === 0 &&
          (product.maxOrder === null || quantity <= product.maxOrder) &&
          quantity <= product.availableQuantity;
        expect(quantityProblem(product, quantity) === null).toBe(ok);
        if (!ok && quantity >= product.minOrder && quantity % product.packSize !== 0) {
          expect(quantityProblem(product, quantity)?.rule).toBe('multiple');
        }
      }),
    );
  });

  it('the nearest valid quantity breaks no rule, and is null only when no quantity can be ordered', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: 1, max: 300_000 }), (product, wanted) => {
        const nearest = nearestValidQuantity(product, wanted);
        if (nearest === null) {
          const ceiling = Math.min(product.maxOrder ?? Infinity, product.availableQuantity);
          expect(ceiling).toBeLessThan(product.minOrder);
        } else {
          expect(quantityProblem(product, nearest)).toBeNull();
          if (quantityProblem(product, wanted) === null) expect(nearest).toBe(wanted);
        }
      }),
    );
  });
});

describe('a product as an admin saves it', () => {
  it('accepts every generated product, whatever its stock against its minimum (below it: on request)', () => {
    fc.assert(
      fc.property(productArb, (product) => {
        expect(productRulesProblems(product)).toEqual({});
        expect(
          isOnRequest({ minOrder: product.minOrder, availableQuantiity: product.availableQuantity }),
        ).toBe(product.availableQuantity < product.minOrder);
      }),
    );
  });

  it('refuses a minimum not a whole number of packs and tiers out of order; stock below the minimum is no error', () => {
    expect(productRulesProblems({ ...bolt, minOrder: 1500 })).toEqual({}); // above the stock of 1000: on request
    expect(productRulesProblems({ ...bolt, minOrder: 55 }).minOrder).toMatch(
      /multiple of the pack size \(10\)/,
    );
    expect(productRulesProblems({ ...bolt, maxOrder: 20 }).maxOrder).toMatch(/at least the Minimum/);
    expect(
      priceTiersProblem(
        [
          { minQuantity: 500, priceCents: 390 },
          { minQuantity: 100, priceCents: 380 },
        ],
        420,
      ),
    ).toMatch(/quantities must go up/);
    expect(priceTiersProblem([{ minQuantity: 100, priceCents: 430 }], 420)).toMatch(/not be more than/);
    expect(productRulesProblems({ ...bolt, availableQuantity: 0 })).toEqual({});
  });
});
