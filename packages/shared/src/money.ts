/** Money is integer cents inside; the wire shows dollars as numbers (docs/architecture.md §3). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** '$ 12.5' reads badly on a price tag: always two decimals unless whole. */
export const formatPrice = (dollars: number): string =>
  Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);

/** An amount of cents as mails, PDFs and messages print it: '$1,234.50', '-$12.00' (a credit). */
export const formatMoney = (cents: number): string =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
