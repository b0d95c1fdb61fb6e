import { Readable, pipeline } from 'node:stream';
import { stringify as stringifyStream, type Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/** What a CSV cell may be given: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one, or their
 * full-width forms, which some locales accept) as a formula: a product name or PO reference typed as
 * `=HYPERLINK(…)` would run on the reader's machine. Leading spaces do not stop every spreadsheet either.
 * Such a cell is written with a leading apostrophe, which spreadsheets show as text. A plain number
 * (`-12.50`) is no formula and stays a number.
 */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Any kind of line break, or a character a spreadsheet may take as one: such a cell is always quoted. */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;

/** Text a spreadsheet would run, behind any apostrophes already there (so that fromCsvCell inverts). */
const looksLikeFormula = (text: string) => {
  const rest = text.replace(/^'+/, '');
  return FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest);
};

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return looksLikeFormula(text) ? `'${text}` : text;
}

/**
 * The inverse of csvCell for a file read back (the products import): the apostrophe csvCell put before
 * a formula-like cell is removed, so that exporting and importing again changes nothing. Any other
 * text is kept as it is (it is data, never evaluated).
 */
export function fromCsvCell(text: string): string {
  return text.startsWith("'") && looksLikeFormula(text.slice(1)) ? text.slice(1) : text;
}

/**
 * The one way the server writes CSV: RFC 4180 quoting by csv-stringify (a separator, a quote or any line
 * break quotes the cell), every cell defused by csvCell, Windows line ends, and optionally a UTF-8
 * byte-order mark so that a spreadsheet opens the file as UTF-8.
 */
const options = (bom: boolean): Options => ({
  record_delimiter: 'windows',
  quoted_match: LINE_BREAK,
  bom,
});

const defuse = (record: readonly CsvValue[]) => record.map(csvCell);

/** A whole CSV file from a header and its records (for files small enough to build in memory). */
export function csvDocument(
  header: readonly string[],
  records: Iterable<readonly CsvValue[]>,
  { bom = false } = {},
): string {
  return stringify([defuse(header), ...Array.from(records, defuse)], options(bom));
}

/** A CSV file streamed record by record, so that an export of 100,000 rows is never all in memory. */
export function csvStream(
  header: readonly string[],
  records: AsyncIterable<readonly CsvValue[]>,
  { bom = false } = {},
): Readable {
  async function* defused() {
    yield defuse(header);
    for await (const record of records) yield defuse(record);
  }
  // pipeline, not pipe: a source that fails half-way (the database gone) destroys the CSV stream with its
  // error, which ends the answer cut short; pipe() would leave the error unhandled and stop the process.
  return pipeline(Readable.from(defused()), stringifyStream(options(bom)), () => undefined);
}
