import { describe, expect, it } from 'vitest';
import {
  allocateCents,
  deliveryOptions,
  deliveryProblem,
  methodRatesProblem,
  orderWeightGrams,
  type DeliveryMethod,
  type DeliveryZone,
} from '../src/delivery.ts';

const zones: DeliveryZone[] = [
  { id: 'z-home', name: 'United States', destinations: ['US'] },
  { id: 'z-far', name: 'Alaska and Hawaii', destinations: ['US-AK', 'US-HI'] },
  { id: 'z-eu', name: 'Europe', destinations: ['DE', 'FR', 'NL'] },
];
const rate = (zoneId: string, cents: number, extra: Partial<DeliveryMethod['rates'][number]> = {}) => ({
  zoneId,
  cents,
  bands: [],
  freeFromCents: null,
  ...extra,
});
const methods: DeliveryMethod[] = [
  {
    id: 'flat',
    name: 'Standard parcel',
    kind: 'flat',
    active: true,
    rates: [rate('z-home', 1500), rate('z-far', 4500)],
  },
  {
    id: 'weight',
    name: 'Pallet by weight',
    kind: 'weight',
    active: true,
    rates: [
      rate('z-home', 0, {
        bands: [
          { maxGrams: 10_000, cents: 2000 },
          { maxGrams: 1_000, cents: 800 },
          { maxGrams: 100_000, cents: 9000 },
        ],
      }),
    ],
  },
  {
    id: 'free',
    name: 'Free over $500',
    kind: 'free_over',
    active: true,
    rates: [rate('z-home', 2500, { freeFromCents: 50_000 })],
  },
  { id: 'pickup', name: 'Collection from the works', kind: 'collection', active: true, rates: [] },
  {
    id: 'quote',
    name: 'Freight on request',
    kind: 'freight_quote',
    active: true,
    rates: [rate('z-eu', 0), rate('z-home', 0)],
  },
  { id: 'off', name: 'Retired courier', kind: 'flat', active: false, rates: [rate('z-home', 1)] },
];

const options = (country: string, region: string | null, netCents: number, weightGrams: number) =>
  deliveryOptions(zones, methods, { country, region }, { netCents, weightGrams }).map(
    (o) => `${o.methodId}:${o.cents === null ? 'quote' : o.cents}`,
  );

describe('deliveryOptions: which methods serve a destination, at what cost, cheapest first', () => {
  it.each([
    // destination, net, grams → options in order
    ['US', 'IL', 10_000, 500, ['pickup:0', 'weight:800', 'flat:1500', 'free:2500', 'quote:quote']],
    ['US', 'IL', 10_000, 1_000, ['pickup:0', 'weight:800', 'flat:1500', 'free:2500', 'quote:quote']],
    ['US', 'IL', 10_000, 1_001, ['pickup:0', 'flat:1500', 'weight:2000', 'free:2500', 'quote:quote']],
    ['US', null, 49_999, 50_000, ['pickup:0', 'flat:1500', 'free:2500', 'weight:9000', 'quote:quote']],
    ['US', null, 50_000, 50_000, ['pickup:0', 'free:0', 'flat:1500', 'weight:9000', 'quote:quote']],
    // heavier than the last band: the weight method does not serve it
    ['US', 'TX', 60_000, 100_001, ['pickup:0', 'free:0', 'flat:1500', 'quote:quote']],
    // a region's own zone before its country's
    ['US', 'AK', 10_000, 500, ['pickup:0', 'flat:4500']],
    ['DE', null, 10_000, 500, ['pickup:0', 'quote:quote']],
    // no zone: only collection
    ['JP', null, 10_000, 500, ['pickup:0']],
  ] as const)('%s-%s, net %i cents, %i g', (country, region, net, grams, expected) => {
    expect(options(country, region, net, grams)).toEqual(expected);
  });

  it('names the rule a method breaks for a destination', () => {
    const facts = { netCents: 10_000, weightGrams: 500 };
    expect(deliveryProblem(zones, methods, { country: 'US', region: 'IL' }, facts, 'flat')).toBeNull();
    expect(deliveryProblem(zones, methods, { country: 'DE', region: null }, facts, 'flat')).toBe(
      'Standard parcel does not deliver to DE: please choose another method.',
    );
    expect(deliveryProblem(zones, methods, { country: 'JP', region: null }, facts, 'flat')).toBe(
      'We have no delivery zone for JP: choose collection from the works, or contact us.',
    );
    expect(
      deliveryProblem(
        zones,
        methods,
        { country: 'US', region: null },
        { netCents: 1, weightGrams: 200_000 },
        'weight',
      ),
    ).toBe('Pallet by weight does not carry an order of 200.0 kg: please choose another method.');
    expect(deliveryProblem(zones, methods, { country: 'US', region: null }, facts, 'off')).toBe(
      'This delivery method is not offered: please choose another.',
    );
  });
});

describe('methodRatesProblem: what an admin may not save', () => {
  const known = new Set(['z-home']);
  it.each([
    ['flat', [rate('z-nowhere', 100)], "Unknown zone z-nowhere: choose one of the shop's zones."],
    ['flat', [rate('z-home', -1)], 'A delivery price cannot be negative.'],
    ['flat', [rate('z-home', 1), rate('z-home', 2)], 'A method has one rate per zone.'],
    ['flat', [], 'A method needs a rate for at least one zone.'],
    ['weight', [rate('z-home', 0)], 'A weight method needs at least one weight band per zone.'],
    [
      'weight',
      [rate('z-home', 0, { bands: [{ maxGrams: 0, cents: 1 }] })],
      'A weight band must end above 0 g.',
    ],
    ['free_over', [rate('z-home', 100)], 'A method free above an order value needs that value, above 0.'],
    ['collection', [], null],
    ['flat', [rate('z-home', 0)], null],
  ] as const)('%s %j → %s', (kind, rates, expected) => {
    expect(methodRatesProblem(kind, rates, known)).toBe(expected);
  });
});

describe('weights and shares', () => {
  it('weighs an order by its parts; a part without a weight counts 0', () => {
    expect(
      orderWeightGrams([
        { weightGrams: 250, quantity: 4 },
        { weightGrams: null, quantity: 9 },
      ]),
    ).toBe(1000);
  });
  it.each([
    [1000, [1, 1, 1], [334, 333, 333]],
    [1001, [300, 100], [751, 250]],
    [5, [0, 0], [3, 2]],
    [0, [10, 20], [0, 0]],
    [7, [], []],
  ] as const)('splits %i cents over %j as %j, summing exactly', (cents, weights, expected) => {
    const shares = allocateCents(cents, weights);
    expect(shares).toEqual(expected);
    if (weights.length) expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
  });
});
