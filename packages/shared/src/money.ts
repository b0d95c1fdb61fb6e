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

/** Whether an amount of dollars is whole cents (12.34 is; 12.345 is not), however the float stores it. */
export const hasWholeCents = (dollars: number): boolean =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** Cents as a plain figure for files and protocols (CSV, cXML, OCI): '1234.50', '-12.00'; no float. */
export const centsFigure = (cents: number): string => {
  const whole = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

/** Dollar amounts added in whole cents (0.1 + 0.2 is 0.3, not 0.30000000000000004). */
export const sumDollars = (...amounts: number[]): number =>
  toDollars(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
