import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnFigures } from '../src/returns.ts';
import { taxOnCents } from '../src/tax.ts';

describe('returnFigures', () => {
  const line = { priceCents: 1999, quantity: 5, taxRateBasisPoints: 1900, taxCents: taxOnCents(9995, 1900) };

  it('gives back the frozen price and the tax engine’s tax of the pieces', () => {
    expect(returnFigures(line, 0, 3)).toEqual({ netCents: 5997, taxCents: 1139, grossCents: 7136 });
    // The next piece's tax is what the line's tax on 4 pieces leaves after the first 3.
    expect(returnFigures(line, 3, 1)).toEqual({ netCents: 1999, taxCents: 380, grossCents: 2379 });
  });

  it('gives nothing for tax on an untaxed line', () => {
    expect(returnFigures({ ...line, taxRateBasisPoints: 0, taxCents: 0 }, 0, 2)).toEqual({
      netCents: 3998,
      taxCents: 0,
      grossCents: 3998,
    });
  });

  it('adds up to the line exactly, however the line comes back in parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 2700 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 12 }),
        (priceCents, rate, parts) => {
          const quantity = parts.reduce((sum, n) => sum + n, 0);
          const frozen = {
            priceCents,
            quantity,
            taxRateBasisPoints: rate,
            taxCents: taxOnCents(priceCents * quantity, rate),
          };
          let before = 0;
          let net = 0;
          let tax = 0;
          for (const pieces of parts) {
            const figures = returnFigures(frozen, before, pieces);
            expect(figures.taxCents).toBeGreaterThanOrEqual(0);
            net += figures.netCents;
            tax += figures.taxCents;
            before += pieces;
          }
          expect(net).toBe(priceCents * quantity);
          expect(tax).toBe(frozen.taxCents);
        },
      ),
    );
  });
});
