/**
 * A number as a person types it (docs/decisions/0274): '1,234.50', '1 000', "1'000", '1_000' and
 * '12.5' are numbers; the decimal mark is the point. Thousands separators count only between groups of
 * three digits, so '1,5' stays a mistake (NaN) rather than becoming 15 or 1.5.
 */
const GROUPED = /^[-+]?\d{1,3}([,' _\u00a0]\d{3})+(\.\d+)?$/;

/** The number typed, NaN when it is not one. Numbers pass through. */
export const parseTypedNumber = (text: string | number): number => {
  if (typeof text === 'number') return text;
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  return Number(GROUPED.test(trimmed) ? trimmed.replace(/[,' _\u00a0]/g, '') : trimmed);
};

/**
 * What a form's number field holds, for a zod preprocess: an empty field (or null) is `empty` (undefined:
 * 'required' or 'not given'; null: 'cleared'), text is parsed by parseTypedNumber, anything else (a
 * number, or undefined: not sent) passes as it is.
 */
export const fromFormField =
  <Empty>(empty: Empty) =>
  (value: unknown): unknown =>
    value === '' || value === null ? empty : typeof value === 'string' ? parseTypedNumber(value) : value;

/** A number as files write it (CSV cells): digits, an optional minus and decimal point, nothing else. */
export const isPlainNumber = (text: string): boolean => /^-?\d+(\.\d+)?$/.test(text);
