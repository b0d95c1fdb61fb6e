/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a
 * formula: a product name or PO reference typed as `=HYPERLINK(…)` would run on the buyer's machine.
 * Such a cell is written with a leading apostrophe, which spreadsheets show as text. Every CSV the
 * server writes (orders, products) goes through this one function.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The inverse of csvCell for a file read back (the products import): the apostrophe csvCell put before
 * a formula-like cell is removed, so that exporting and importing again changes nothing. Any other
 * text is kept as it is (it is data, never evaluated).
 */
export function fromCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
