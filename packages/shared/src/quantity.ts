import { LIMITS } from './constants.ts';
import { messages } from './messages.ts';

/**
 * The purchase quantity bounds of any line (cart, quote, saved list, an order for a customer, an
 * OrderRequest): a whole number of pieces from LIMITS.quantityMin to LIMITS.quantityMax. A product's own
 * rules (minimum, pack size, stock) come on top, in pricing.ts (docs/decisions/0274).
 */
export const lineQuantityProblem = (quantity: number): string | null =>
  !Number.isInteger(quantity)
    ? messages.quantityWhole
    : quantity < LIMITS.quantityMin
      ? messages.quantityAtLeast
      : quantity > LIMITS.quantityMax
        ? messages.quantityAtMost
        : null;

export const isLineQuantity = (quantity: number): boolean => lineQuantityProblem(quantity) === null;
