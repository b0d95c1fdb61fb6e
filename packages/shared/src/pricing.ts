import { messages } from './messages.ts';
import { toCents } from './money.ts';

/**
 * Volume prices and quantity rules of one product, in integer cents: one pure module that the web uses
 * to show a price and the server uses to charge it, so that the two can never disagree (docs/architecture.md §9).
 */

/** A price break: from `minQuantity` pieces on, each piece costs `priceCents`. */
export interface PriceTier {
  minQuantity: number;
  priceCents: number;
}

export interface PricingInput {
  /** The spec's `price`: the base price per piece. */
  priceCents: number;
  /** Ascending `minQuantity`, non-increasing price (checked by `priceTiersProblem`). */
  tiers: readonly PriceTier[];
  minOrder: number;
  /** The order multiple: sold in packs of this many (1 = any quantity). */
  packSize: number;
  /** The most one order may hold, or null for no limit beyond the stock. */
  maxOrder: number | null;
  availableQuantity: number;
  /** No longer sold (decision 0233): no quantity may be ordered, from the shelf or by quote. */
  discontinued?: boolean;
  /** May be ordered beyond its stock (decision 0238): the pieces short are back-ordered, not refused. */
  allowBackorder?: boolean;
}

/** The rules a quantity can break, in the order they are checked (the first broken one is reported). */
export type QuantityRule = 'discontinued' | 'quantity' | 'minimum' | 'multiple' | 'maximum' | 'stock';
/** A cart or quick-order line can also name no product at all. */
export type LineRule = QuantityRule | 'unknown';

export interface QuantityProblem {
  rule: QuantityRule;
  message: string;
}

export const quantityMessages = {
  notWhole: 'Quantity must be a whole number of pieces.',
  minimum: messages.quantityBelowMinimum,
  multiple: (packSize: number) => `Order in multiples of ${packSize} pcs.`,
  maximum: (maxOrder: number) => `You can order at most ${maxOrder} pcs of this part at a time.`,
  stock: messages.quantityAboveAvailable,
  unknownPart: (sku: string) => `There is no part number '${sku}'.`,
  discontinued: 'This part is discontinued and can no longer be ordered.',
} as const;

/** The tier in force for `quantity`: the one with the largest minimum not above it, or null (base price). */
export function tierInForce(input: Pick<PricingInput, 'tiers'>, quantity: number): PriceTier | null {
  let found: PriceTier | null = null;
  for (const tier of input.tiers) if (tier.minQuantity <= quantity) found = tier;
  return found;
}

/** The price of one piece when `quantity` pieces are ordered, in cents. */
export function unitPriceCents(input: Pick<PricingInput, 'tiers' | 'priceCents'>, quantity: number): number {
  return tierInForce(input, quantity)?.priceCents ?? input.priceCents;
}

/** The price of a line: pieces times the unit price of the tier in force (integers, no rounding). */
export function lineTotalCents(input: Pick<PricingInput, 'tiers' | 'priceCents'>, quantity: number): number {
  return unitPriceCents(input, quantity) * quantity;
}

/** The total of lines priced per piece, in whole cents: a quote's offer, the shop's form and its PDF alike. */
export const linesTotalCents = (lines: readonly { unitCents: number; quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);

/**
 * The first rule `quantity` breaks, with the message a buyer reads, or null when it may be ordered:
 * still sold, a whole number, at least the minimum, a multiple of the pack size, at most the maximum,
 * at most the stock. The spec's own messages for the minimum and the stock. Every path that sells
 * (cart, quick order, checkout, single order, quote, reorder) asks this, so a rule added here holds in all.
 */
export function quantityProblem(input: PricingInput, quantity: number): QuantityProblem | null {
  if (input.discontinued) return { rule: 'discontinued', message: quantityMessages.discontinued };
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    return { rule: 'quantity', message: quantityMessages.notWhole };
  }
  if (quantity < input.minOrder) {
    return { rule: 'minimum', message: quantityMessages.minimum(input.minOrder) };
  }
  if (quantity % input.packSize !== 0) {
    return { rule: 'multiple', message: quantityMessages.multiple(input.packSize) };
  }
  if (input.maxOrder !== null && quantity > input.maxOrder) {
    return { rule: 'maximum', message: quantityMessages.maximum(input.maxOrder) };
  }
  if (quantity > input.availableQuantity && !input.allowBackorder) {
    return { rule: 'stock', message: quantityMessages.stock };
  }
  return null;
}

/**
 * The first rule a quote line's quantity breaks (docs/decisions/0200): a whole number, the minimum and
 * the pack multiple. A quote is the way to buy more than the per-order maximum, and quoted parts may be
 * made to order, so neither the maximum nor today's stock bounds a request or an offer; the stock is
 * taken, and checked, when the offer is accepted.
 */
export function quoteQuantityProblem(input: PricingInput, quantity: number): QuantityProblem | null {
  return quantityProblem({ ...input, maxOrder: null, availableQuantity: Number.MAX_SAFE_INTEGER }, quantity);
}

/**
 * The quantity nearest `wanted` that breaks no rule (used by reorder: last month's quantity under
 * today's rules), or null when none can be ordered (stock below the minimum, say). Rounds up to the
 * minimum and to a whole pack, down to the maximum and the stock.
 */
export function nearestValidQuantity(input: PricingInput, wanted: number): number | null {
  if (input.discontinued) return null;
  const pack = input.packSize;
  const stock = input.allowBackorder ? Number.MAX_SAFE_INTEGER : input.availableQuantity;
  const ceiling = Math.min(input.maxOrder ?? Number.MAX_SAFE_INTEGER, stock);
  const highest = Math.floor(ceiling / pack) * pack;
  const lowest = Math.ceil(input.minOrder / pack) * pack;
  if (highest < lowest || highest < 1) return null;
  const rounded = Math.ceil(Math.max(1, Math.floor(wanted)) / pack) * pack;
  return Math.min(Math.max(rounded, lowest), highest);
}

/**
 * A part whose stock is below its minimum order (sold out included) cannot be ordered from the shelf: the
 * shop shows it 'on request' and the buyer asks for a quote (decision 0188).
 */
export function isOnRequest(product: {
  minOrder: number;
  availableQuantiity: number;
  allowBackorder?: boolean | undefined;
}): boolean {
  // A part that allows back-orders is never 'on request': the pieces short wait for stock (decision 0238).
  return product.availableQuantiity < product.minOrder && product.allowBackorder !== true;
}

/** What is wrong with a product's rules as an admin entered them, keyed by field; empty when nothing. */
export function productRulesProblems(input: PricingInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.minOrder % input.packSize !== 0) {
    problems.minOrder = `Minimum Order Quantity must be a multiple of the pack size (${input.packSize}).`;
  }
  // Stock below the minimum order is allowed: it is what the shelf holds, and the part then reads 'on request'
  // (isOnRequest) instead of the admin being made to write a false figure (decision 0188).
  if (input.maxOrder !== null) {
    if (input.maxOrder < input.minOrder) {
      problems.maxOrder = 'Maximum order must be at least the Minimum Order Quantity.';
    } else if (input.maxOrder % input.packSize !== 0) {
      problems.maxOrder = `Maximum order must be a multiple of the pack size (${input.packSize}).`;
    }
  }
  const tiers = priceTiersProblem(input.tiers, input.priceCents);
  if (tiers) problems.priceTiers = tiers;
  return problems;
}

/** Ascending quantities, each price below the one before it and below the base price; else why not. */
export function priceTiersProblem(tiers: readonly PriceTier[], basePriceCents: number): string | null {
  let previous: PriceTier = { minQuantity: 1, priceCents: basePriceCents };
  for (const [index, tier] of tiers.entries()) {
    const name = `Price break ${index + 1}`;
    if (!Number.isSafeInteger(tier.minQuantity) || tier.minQuantity < 2) {
      return `${name}: the quantity must be a whole number of 2 or more.`;
    }
    if (index > 0 && tier.minQuantity <= previous.minQuantity) {
      return `${name}: quantities must go up (${tier.minQuantity} is not more than ${previous.minQuantity}).`;
    }
    if (!Number.isSafeInteger(tier.priceCents) || tier.priceCents < 1) {
      return `${name}: the price must be at least 0.01.`;
    }
    if (tier.priceCents > previous.priceCents) {
      return `${name}: the price must not be more than the price before it.`;
    }
    previous = tier;
  }
  return null;
}

/** The pricing input of a product as the API shows it (dollars on the wire). */
export function pricingOf(product: {
  price: number;
  priceTiers: readonly { minQuantity: number; price: number }[];
  minOrder: number;
  packSize: number;
  maxOrder: number | null;
  availableQuantiity: number;
  discontinued?: boolean | undefined;
  allowBackorder?: boolean | undefined;
}): PricingInput {
  return {
    priceCents: toCents(product.price),
    tiers: product.priceTiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: toCents(tier.price),
    })),
    minOrder: product.minOrder,
    packSize: product.packSize,
    maxOrder: product.maxOrder,
    availableQuantity: product.availableQuantiity,
    discontinued: product.discontinued === true,
    allowBackorder: product.allowBackorder === true,
  };
}

/**
 * Low on stock (docs/decisions/0108): at or below the product's low-stock line, or too few pieces left
 * for one minimum order (nobody can buy it any more).
 */
export const isLowOnStock = (stock: {
  availableQuantity: number;
  lowStockThreshold: number;
  minOrder: number;
}): boolean => stock.availableQuantity <= stock.lowStockThreshold || stock.availableQuantity < stock.minOrder;
