import type { PriceTier } from './pricing.ts';

/**
 * Which price a buyer pays for a part (docs/decisions/0216): the list price, unless a price list given to
 * the buyer's company or its customer group prices the part. One pure function, used by the server for
 * every path that shows or charges a price and by the shop's "which price and why" view.
 */

/** The part's own prices: what a visitor pays. */
export interface ListPricing {
  priceCents: number;
  tiers: readonly PriceTier[];
}

/** A price list as it applies to one buyer: its terms and the assignment that gives it to them. */
export interface ApplicableList {
  id: string;
  name: string;
  /** Of the lists that price a part, the highest priority wins. */
  priority: number;
  /** A list given to the company itself beats one of the same priority given to its group. */
  heldBy: 'company' | 'group';
  /** Calendar days 'YYYY-MM-DD', both included; null: open. */
  validFrom: string | null;
  validTo: string | null;
  /** List price minus this many hundredths of a percent; null: no rule. */
  percentOffBasisPoints: number | null;
  ruleScope: 'all' | 'listed';
}

/** The list's row for the part: a fixed price with its breaks, or (null price) a part its rule prices. */
export interface ListEntry {
  priceCents: number | null;
  tiers: readonly PriceTier[];
}

export type PriceSource =
  | { kind: 'list-price' }
  | {
      kind: 'price-list';
      listId: string;
      listName: string;
      basis: 'fixed' | 'percent-off';
      percentOffBasisPoints: number | null;
    };

export interface ResolvedPricing extends ListPricing {
  source: PriceSource;
}

/** Today as the shop's calendar reads it (UTC), for a list's validity. */
export const pricingDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export const isValidOn = (list: Pick<ApplicableList, 'validFrom' | 'validTo'>, day: string): boolean =>
  (list.validFrom === null || list.validFrom <= day) && (list.validTo === null || day <= list.validTo);

/**
 * A price less a percentage, in whole cents, rounded half up; never below one cent (a part is never free:
 * a card payment of nothing cannot be taken).
 */
export function percentOff(priceCents: number, basisPoints: number): number {
  const kept = priceCents * (10_000 - basisPoints);
  return Math.max(1, Math.floor((kept + 5_000) / 10_000));
}

/** What one list asks for the part, or null when it does not price it. */
export function listPricingOf(
  list: ApplicableList,
  entry: ListEntry | undefined,
  base: ListPricing,
): ResolvedPricing | null {
  const source = (basis: 'fixed' | 'percent-off'): PriceSource => ({
    kind: 'price-list',
    listId: list.id,
    listName: list.name,
    basis,
    percentOffBasisPoints: basis === 'percent-off' ? list.percentOffBasisPoints : null,
  });
  if (entry && entry.priceCents !== null) {
    return { priceCents: entry.priceCents, tiers: entry.tiers, source: source('fixed') };
  }
  const bp = list.percentOffBasisPoints;
  if (bp === null || (list.ruleScope === 'listed' && !entry)) return null;
  return {
    priceCents: percentOff(base.priceCents, bp),
    tiers: base.tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: percentOff(tier.priceCents, bp),
    })),
    source: source('percent-off'),
  };
}

/** Higher priority first; then the company's own list; then the lower price; then the name, so the choice never wavers. */
function better(a: { list: ApplicableList; pricing: ResolvedPricing }, b: typeof a): boolean {
  if (a.list.priority !== b.list.priority) return a.list.priority > b.list.priority;
  if (a.list.heldBy !== b.list.heldBy) return a.list.heldBy === 'company';
  if (a.pricing.priceCents !== b.pricing.priceCents) return a.pricing.priceCents < b.pricing.priceCents;
  return a.list.name < b.list.name;
}

/**
 * The buyer's price of a part on `day`: the pricing of the best list among those valid that day that price
 * the part, else the list price. `entries` holds the part's rows by list id.
 */
export function resolvePricing(
  base: ListPricing,
  lists: readonly ApplicableList[],
  entries: ReadonlyMap<string, ListEntry>,
  day: string,
): ResolvedPricing {
  let best: { list: ApplicableList; pricing: ResolvedPricing } | null = null;
  for (const list of lists) {
    if (!isValidOn(list, day)) continue;
    const pricing = listPricingOf(list, entries.get(list.id), base);
    if (!pricing) continue;
    const candidate = { list, pricing };
    if (!best || better(candidate, best)) best = candidate;
  }
  return best?.pricing ?? { priceCents: base.priceCents, tiers: base.tiers, source: { kind: 'list-price' } };
}
