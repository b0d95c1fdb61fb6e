/**
 * Delivery methods and what each costs to a destination (docs/decisions/0235): one pure module, used by
 * the web to show the choices and by the server to charge them. Integer cents and grams throughout.
 *
 * A zone is a set of destinations: a country ('DE') or a region of one ('US-IL'). A method has a kind
 * and, except for collection, a rate per zone it serves:
 *  - flat: `cents`, whatever the order;
 *  - weight: the first band whose `maxGrams` the order's weight does not exceed (heavier than the last
 *    band: that method does not serve the order);
 *  - free_over: `cents` below `freeFromCents` of net goods, nothing from it on;
 *  - collection: from the works, no cost, no address, every destination;
 *  - freight_quote: the shop prices the freight after the order is placed (no cost yet).
 */

export const DELIVERY_KINDS = ['flat', 'weight', 'free_over', 'collection', 'freight_quote'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const deliveryKindLabels: Record<DeliveryKind, string> = {
  flat: 'Flat rate',
  weight: 'By weight',
  free_over: 'Free above an order value',
  collection: 'Collection from the works',
  freight_quote: 'Freight quoted on request',
};

/**
 * What an order collected from the works carries for its address (decision 0268): the buyer gives none,
 * and invoices, mails and order lists say collection instead of a place to deliver to.
 */
export const COLLECTION_ADDRESS = 'Collection from the works';

export interface DeliveryZone {
  id: string;
  name: string;
  /** 'DE' (the whole country) or 'US-IL' (one region of it). */
  destinations: readonly string[];
}

export interface WeightBand {
  maxGrams: number;
  cents: number;
}

export interface DeliveryRate {
  zoneId: string;
  /** flat and free_over: the price; weight, collection, freight_quote: unused (0). */
  cents: number;
  /** weight: ascending `maxGrams`. */
  bands: readonly WeightBand[];
  /** free_over: net goods from which delivery is free. */
  freeFromCents: number | null;
}

export interface DeliveryMethod {
  id: string;
  name: string;
  kind: DeliveryKind;
  active: boolean;
  rates: readonly DeliveryRate[];
}

export interface Destination {
  country: string;
  region: string | null;
}

export interface ParcelFacts {
  /** Net goods, cents. */
  netCents: number;
  /** The order's weight in grams (parts without a weight count as 0). */
  weightGrams: number;
}

/** A method as it serves one order to one destination: its cost, or null for freight quoted later. */
export interface DeliveryOption {
  methodId: string;
  name: string;
  kind: DeliveryKind;
  /** Null: the shop prices the freight after the order is placed. */
  cents: number | null;
  zoneName: string | null;
}

/** The zone a destination falls in: a region's own zone before its country's; the first such zone. */
export function zoneOf(zones: readonly DeliveryZone[], destination: Destination): DeliveryZone | undefined {
  const region = destination.region ? `${destination.country}-${destination.region}` : null;
  return (
    (region ? zones.find((zone) => zone.destinations.includes(region)) : undefined) ??
    zones.find((zone) => zone.destinations.includes(destination.country))
  );
}

/** The cost of `method` at `rate` for an order (null: not served, e.g. heavier than every band). */
function costAt(kind: DeliveryKind, rate: DeliveryRate, facts: ParcelFacts): number | null | 'quote' {
  switch (kind) {
    case 'flat':
      return rate.cents;
    case 'weight':
      return (
        [...rate.bands]
          .sort((a, b) => a.maxGrams - b.maxGrams)
          .find((band) => facts.weightGrams <= band.maxGrams)?.cents ?? null
      );
    case 'free_over':
      return rate.freeFromCents !== null && facts.netCents >= rate.freeFromCents ? 0 : rate.cents;
    case 'collection':
      return 0;
    case 'freight_quote':
      return 'quote';
  }
}

/**
 * The methods that serve `destination` for this order, cheapest first (priced before quoted; ties by
 * name). Collection serves everywhere; every other method only the zones it has a rate for.
 */
export function deliveryOptions(
  zones: readonly DeliveryZone[],
  methods: readonly DeliveryMethod[],
  destination: Destination,
  facts: ParcelFacts,
): DeliveryOption[] {
  const zone = zoneOf(zones, destination);
  const options: DeliveryOption[] = [];
  for (const method of methods) {
    if (!method.active) continue;
    if (method.kind === 'collection') {
      options.push({ methodId: method.id, name: method.name, kind: method.kind, cents: 0, zoneName: null });
      continue;
    }
    const rate = zone ? method.rates.find((r) => r.zoneId === zone.id) : undefined;
    if (!rate || !zone) continue;
    const cost = costAt(method.kind, rate, facts);
    if (cost === null) continue;
    options.push({
      methodId: method.id,
      name: method.name,
      kind: method.kind,
      cents: cost === 'quote' ? null : cost,
      zoneName: zone.name,
    });
  }
  return options.sort(
    (a, b) =>
      (a.cents ?? Number.MAX_SAFE_INTEGER) - (b.cents ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name),
  );
}

/** The cheapest option, the one a checkout preselects. */
export const cheapestOption = (options: readonly DeliveryOption[]): DeliveryOption | undefined => options[0];

/** Why `methodId` cannot deliver this order to `destination`, or null when it can. */
export function deliveryProblem(
  zones: readonly DeliveryZone[],
  methods: readonly DeliveryMethod[],
  destination: Destination,
  facts: ParcelFacts,
  methodId: string,
): string | null {
  const method = methods.find((m) => m.id === methodId && m.active);
  if (!method) return 'This delivery method is not offered: please choose another.';
  if (deliveryOptions(zones, [method], destination, facts).length > 0) return null;
  const where = destination.region ? `${destination.country}-${destination.region}` : destination.country;
  const zone = zoneOf(zones, destination);
  if (!zone) return `We have no delivery zone for ${where}: choose collection from the works, or contact us.`;
  if (method.kind === 'weight' && method.rates.some((r) => r.zoneId === zone.id)) {
    return `${method.name} does not carry an order of ${(facts.weightGrams / 1000).toFixed(1)} kg: please choose another method.`;
  }
  return `${method.name} does not deliver to ${where}: please choose another method.`;
}

/** What an admin may not save in a method's rates, the first problem or null. */
export function methodRatesProblem(
  kind: DeliveryKind,
  rates: readonly DeliveryRate[],
  zoneIds: ReadonlySet<string>,
): string | null {
  const seen = new Set<string>();
  for (const rate of rates) {
    if (!zoneIds.has(rate.zoneId)) return `Unknown zone ${rate.zoneId}: choose one of the shop's zones.`;
    if (seen.has(rate.zoneId)) return 'A method has one rate per zone.';
    seen.add(rate.zoneId);
    if (rate.cents < 0) return 'A delivery price cannot be negative.';
    if (kind === 'weight') {
      if (rate.bands.length === 0) return 'A weight method needs at least one weight band per zone.';
      const sorted = [...rate.bands].sort((a, b) => a.maxGrams - b.maxGrams);
      if (sorted.some((band) => band.maxGrams <= 0)) return 'A weight band must end above 0 g.';
      if (sorted.some((band) => band.cents < 0)) return 'A delivery price cannot be negative.';
      if (new Set(sorted.map((band) => band.maxGrams)).size !== sorted.length)
        return 'Two weight bands cannot end at the same weight.';
    }
    if (kind === 'free_over' && (rate.freeFromCents === null || rate.freeFromCents <= 0))
      return 'A method free above an order value needs that value, above 0.';
  }
  if (kind !== 'collection' && rates.length === 0) return 'A method needs a rate for at least one zone.';
  return null;
}

/** An order's weight: each part's grams (0 when not set) times its quantity. */
export const orderWeightGrams = (
  lines: readonly { weightGrams: number | null; quantity: number }[],
): number => lines.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.quantity, 0);

/**
 * Splits `cents` over lines in proportion to their net values (largest remainder): each line carries its
 * share, so that every money path that reads a line's gross (card, refund, credit line) includes it.
 */
export function allocateCents(cents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, w) => sum + w, 0);
  const basis = total > 0 ? weights : weights.map(() => 1);
  const sum = total > 0 ? total : weights.length;
  const exact = basis.map((w) => (cents * w) / sum);
  const shares = exact.map(Math.floor);
  let left = cents - shares.reduce((s, c) => s + c, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
