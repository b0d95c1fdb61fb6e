import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideTax,
  MissingTaxRateError,
  taxLines,
  taxOnCents,
  taxSummary,
  type TaxBuyer,
  type TaxCategory,
  type TaxRate,
} from '../src/tax.ts';

const DAY = '2026-11-27';
const rates: TaxRate[] = [
  {
    country: 'DE',
    region: null,
    category: 'standard',
    rateBasisPoints: 1900,
    name: '19',
    validFrom: '2020-01-01',
    validTo: null,
  },
  {
    country: 'DE',
    region: null,
    category: 'reduced',
    rateBasisPoints: 700,
    name: '7',
    validFrom: '2020-01-01',
    validTo: null,
  },
  {
    country: 'US',
    region: 'IL',
    category: 'standard',
    rateBasisPoints: 625,
    name: 'IL',
    validFrom: '2020-01-01',
    validTo: null,
  },
  {
    country: 'US',
    region: 'CA',
    category: 'standard',
    rateBasisPoints: 725,
    name: 'CA',
    validFrom: '2020-01-01',
    validTo: null,
  },
];
const buyer = (values: Partial<TaxBuyer>): TaxBuyer => ({
  country: null,
  region: null,
  taxId: null,
  taxIdVerified: false,
  exemption: null,
  ...values,
});
const DE = { country: 'DE', region: null };
const IL = { country: 'US', region: 'IL' };

const linesArb = fc.array(
  fc.record({
    category: fc.constantFrom<TaxCategory>('standard', 'reduced', 'exempt'),
    netCents: fc.integer({ min: 1, max: 99_999_999 }),
  }),
  { minLength: 1, maxLength: 40 },
);

describe('the tax engine', () => {
  it('rounds each line half up: 11.3943 → 11.39, 5.145 → 5.15, never a negative or fractional cent', () => {
    expect(taxOnCents(5997, 1900)).toBe(1139);
    expect(taxOnCents(7350, 700)).toBe(515);
    expect(taxOnCents(1, 4999)).toBe(0);
    expect(taxOnCents(1, 5000)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 10_000 }), (net, bp) => {
        const tax = taxOnCents(net, bp);
        expect(Number.isInteger(tax)).toBe(true);
        // Within half a cent of the exact figure.
        expect(Math.abs(tax - (net * bp) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('over random carts, the lines add up to the total, the summary by rate to the same, and refunding each line alone gives back all of it', () => {
    const decision = decideTax(DE, buyer({ country: 'DE' }), DAY);
    fc.assert(
      fc.property(linesArb, (lines) => {
        const taxed = taxLines(decision, rates, lines, DAY);
        const total = taxed.reduce((sum, line) => sum + line.taxCents, 0);
        const summary = taxSummary(
          lines.map((line, i) => ({
            ...line,
            rateBasisPoints: taxed[i]!.rateBasisPoints,
            taxCents: taxed[i]!.taxCents,
          })),
        );
        expect(summary.reduce((sum, row) => sum + row.taxCents, 0)).toBe(total);
        expect(summary.reduce((sum, row) => sum + row.netCents, 0)).toBe(
          lines.reduce((s, l) => s + l.netCents, 0),
        );
        // A credit note per line reverses that line's frozen tax: together they are exactly the total.
        const refunded = lines.map((line) => taxLines(decision, rates, [line], DAY)[0]!.taxCents);
        expect(refunded.reduce((sum, cents) => sum + cents, 0)).toBe(total);
        lines.forEach((line, i) => {
          if (line.category === 'exempt') expect(taxed[i]!.taxCents).toBe(0);
        });
      }),
    );
  });

  it('decides each case: domestic, intra-EU verified and not, export, exemption valid and expired, US states', () => {
    const cases: [TaxBuyer, string, string | null, string | null][] = [
      [buyer({ country: 'DE', taxId: 'DE129273398', taxIdVerified: true }), 'taxed', 'DE', null],
      [buyer({}), 'taxed', 'DE', null],
      [buyer({ country: 'FR', taxId: 'FR40303265045', taxIdVerified: true }), 'reverse_charge', null, null],
      [buyer({ country: 'FR', taxId: 'FR40303265045', taxIdVerified: false }), 'taxed', 'DE', null],
      // A verified ID of another member state than the one delivered to does not reverse the charge.
      [buyer({ country: 'FR', taxId: 'NL123456789B01', taxIdVerified: true }), 'taxed', 'DE', null],
      [buyer({ country: 'GR', taxId: 'EL094259216', taxIdVerified: true }), 'reverse_charge', null, null],
      [buyer({ country: 'US' }), 'export', null, null],
      [buyer({ country: 'CH', taxId: 'CHE123', taxIdVerified: true }), 'export', null, null],
      [buyer({ country: 'DE', exemption: { number: 'X', expiresOn: DAY } }), 'exempt', null, null],
      [buyer({ country: 'DE', exemption: { number: 'X', expiresOn: '2026-11-26' } }), 'taxed', 'DE', null],
    ];
    for (const [who, treatment, rateCountry, rateRegion] of cases) {
      expect(decideTax(DE, who, DAY)).toMatchObject({ treatment, rateCountry, rateRegion });
    }
    // A US seller: the buyer's state's rate, the seller's for a buyer whose state is not known; no reverse charge.
    expect(decideTax(IL, buyer({ country: 'US', region: 'CA' }), DAY)).toMatchObject({
      treatment: 'taxed',
      rateRegion: 'CA',
    });
    expect(decideTax(IL, buyer({}), DAY)).toMatchObject({
      treatment: 'taxed',
      rateCountry: 'US',
      rateRegion: 'IL',
    });
    expect(
      decideTax(IL, buyer({ country: 'DE', taxId: 'DE129273398', taxIdVerified: true }), DAY).treatment,
    ).toBe('export');
    expect(decideTax(null, buyer({ country: 'DE' }), DAY).treatment).toBe('none');
  });

  it('refuses a line whose rate is missing instead of taxing it at zero', () => {
    const decision = decideTax(IL, buyer({ country: 'US', region: 'TX' }), DAY);
    expect(() => taxLines(decision, rates, [{ category: 'standard', netCents: 100 }], DAY)).toThrow(
      MissingTaxRateError,
    );
    expect(() => taxLines(decision, rates, [{ category: 'exempt', netCents: 100 }], DAY)).not.toThrow();
    // A rate that has ended, or not begun, is no rate.
    const ended = rates.map((rate) => ({ ...rate, validTo: '2025-12-31' }));
    expect(() =>
      taxLines(decideTax(DE, buyer({}), DAY), ended, [{ category: 'standard', netCents: 1 }], DAY),
    ).toThrow('No standard tax rate is set for DE today');
  });
});
