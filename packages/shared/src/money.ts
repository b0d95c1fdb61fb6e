/** Money is integer cents inside; the wire shows dollars as numbers (docs/architecture.md §3). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** '$ 12.5' reads badly on a price tag: always two decimals unless whole. */
export const formatPrice = (dollars: number): string =>
  Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
