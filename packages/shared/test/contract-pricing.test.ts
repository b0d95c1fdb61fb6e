import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidOn,
  percentOff,
  resolvePricing,
  type ApplicableList,
  type ListEntry,
  type ListPricing,
} from '../src/contract-pricing.ts';
import { lineTotalCents, priceTiersProblem, unitPriceCents } from '../src/pricing.ts';

/** Ascending quantities (≥ 2), prices never going up from `base`: tiers as an admin may save them. */
const tiersArb = (base: number) =>
  fc.uniqueArray(fc.integer({ min: 2, max: 10_000 }), { maxLength: 4 }).chain((quantities) =>
    fc
      .array(fc.integer({ min: 0, max: 500 }), { minLength: quantities.length, maxLength: quantities.length })
      .map((cuts) => {
        let price = base;
        return [...quantities]
          .sort((a, b) => a - b)
          .map((minQuantity, index) => {
            price = Math.max(1, price - (cuts[index] ?? 0));
            return { minQuantity, priceCents: price };
          });
      }),
  );

const pricingArb: fc.Arbitrary<ListPricing> = fc
  .integer({ min: 1, max: 10_000_000 })
  .chain((priceCents) => tiersArb(priceCents).map((tiers) => ({ priceCents, tiers })));

const dayArb = fc
  .integer({ min: 0, max: 60 })
  .map((n) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10));

const listArb = (index: number): fc.Arbitrary<ApplicableList> =>
  fc.record({
    id: fc.constant(`list-${index}`),
    name: fc.constant(`List ${index}`),
    priority: fc.integer({ min: 0, max: 3 }),
    heldBy: fc.constantFrom('company' as const, 'group' as const),
    validFrom: fc.option(dayArb, { nil: null }),
    validTo: fc.option(dayArb, { nil: null }),
    percentOffBasisPoints: fc.option(fc.integer({ min: 1, max: 9_999 }), { nil: null }),
    ruleScope: fc.constantFrom('all' as const, 'listed' as const),
  });

/** A buyer's situation: the part's own prices, up to four lists, the part's rows on some, a day. */
const caseArb = fc
  .tuple(pricingArb, fc.integer({ min: 0, max: 4 }), dayArb)
  .chain(([base, count, day]) =>
    fc.tuple(
      fc.constant(base),
      fc.tuple(...Array.from({ length: count }, (_, index) => listArb(index))),
      fc.array(
        fc.option(
          fc.integer({ min: 1, max: 10_000_000 }).chain((price) =>
            fc.oneof(
              tiersArb(price).map((tiers): ListEntry => ({ priceCents: price, tiers })),
              fc.constant<ListEntry>({ priceCents: null, tiers: [] }),
            ),
          ),
          { nil: undefined },
        ),
        { minLength: count, maxLength: count },
      ),
      fc.constant(day),
    ),
  )
  .map(([base, lists, rows, day]) => {
    const entries = new Map<string, ListEntry>();
    lists.forEach((list, index) => {
      const row = rows[index];
      if (row) entries.set(list.id, row);
    });
    return { base, lists: lists as ApplicableList[], entries, day };
  });

/** What a list asks, worked out the long way: the reference the engine is checked against. */
function expectedOf(list: ApplicableList, entry: ListEntry | undefined, base: ListPricing) {
  if (entry && entry.priceCents !== null) return entry.priceCents;
  if (list.percentOffBasisPoints === null) return null;
  if (list.ruleScope === 'listed' && !entry) return null;
  return Math.max(1, Math.round((base.priceCents * (10_000 - list.percentOffBasisPoints)) / 10_000 + 1e-9));
}

describe('a buyer’s price across price lists', () => {
  it('is always whole cents of at least one, for every tier and every quantity', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 20_000 }), ({ base, lists, entries, day }, quantity) => {
        const resolved = resolvePricing(base, lists, entries, day);
        for (const cents of [resolved.priceCents, ...resolved.tiers.map((tier) => tier.priceCents)]) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(1);
        }
        const line = lineTotalCents(resolved, quantity);
        expect(Number.isSafeInteger(line)).toBe(true);
        expect(line).toBe(unitPriceCents(resolved, quantity) * quantity);
      }),
    );
  });

  it('comes from the highest-priority list valid that day that prices the part, else the list price', () => {
    fc.assert(
      fc.property(caseArb, ({ base, lists, entries, day }) => {
        const resolved = resolvePricing(base, lists, entries, day);
        const candidates = lists
          .filter((list) => isValidOn(list, day))
          .map((list) => ({ list, price: expectedOf(list, entries.get(list.id), base) }))
          .filter((c): c is { list: ApplicableList; price: number } => c.price !== null);
        if (candidates.length === 0) {
          expect(resolved.source).toEqual({ kind: 'list-price' });
          expect(resolved.priceCents).toBe(base.priceCents);
          expect(resolved.tiers).toEqual(base.tiers);
          return;
        }
        // The reference order: priority, then the company's own list, then the lower price, then the name.
        const rank = (c: (typeof candidates)[number]) =>
          [-c.list.priority, c.list.heldBy === 'company' ? 0 : 1, c.price, c.list.name] as const;
        const [best] = [...candidates].sort((a, b) => {
          const [x, y] = [rank(a), rank(b)];
          for (let i = 0; i < x.length; i += 1) if (x[i]! !== y[i]!) return x[i]! < y[i]! ? -1 : 1;
          return 0;
        });
        expect(resolved.source).toMatchObject({ kind: 'price-list', listId: best!.list.id });
        expect(resolved.priceCents).toBe(best!.price);
      }),
    );
  });

  it('never takes a list before its first day or after its last', () => {
    fc.assert(
      fc.property(caseArb, ({ base, lists, entries, day }) => {
        const resolved = resolvePricing(base, lists, entries, day);
        if (resolved.source.kind !== 'price-list') return;
        const { listId } = resolved.source;
        const list = lists.find((l) => l.id === listId)!;
        if (list.validFrom !== null) expect(list.validFrom <= day).toBe(true);
        if (list.validTo !== null) expect(day <= list.validTo).toBe(true);
      }),
    );
  });

  it('keeps a fixed price’s own breaks, and a percentage keeps the list’s breaks in order below the list price', () => {
    fc.assert(
      fc.property(caseArb, ({ base, lists, entries, day }) => {
        const resolved = resolvePricing(base, lists, entries, day);
        if (resolved.source.kind !== 'price-list') return;
        if (resolved.source.basis === 'fixed') {
          expect(resolved.tiers).toEqual(entries.get(resolved.source.listId)!.tiers);
          return;
        }
        expect(resolved.priceCents).toBeLessThanOrEqual(base.priceCents);
        expect(resolved.tiers.map((tier) => tier.minQuantity)).toEqual(
          base.tiers.map((tier) => tier.minQuantity),
        );
        // Rounded, the breaks are still ones an admin could have saved: ascending, never going up.
        expect(priceTiersProblem(resolved.tiers, resolved.priceCents)).toBeNull();
      }),
    );
  });

  it('rounds a percentage half up to the cent', () => {
    expect(percentOff(1000, 3000)).toBe(700);
    expect(percentOff(999, 3000)).toBe(699); // 699.3
    expect(percentOff(5, 1000)).toBe(5); // 4.5 → 5
    expect(percentOff(15, 1000)).toBe(14); // 13.5 → 14
    expect(percentOff(1, 9999)).toBe(1); // never free
    expect(percentOff(199, 5000)).toBe(100); // 99.5 → 100
  });
});
