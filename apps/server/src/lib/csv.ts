import { Readable, pipeline } from 'node:stream';
import { stringify as stringifyStream, type Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import { CsvError, parse } from 'csv-parse/sync';
import { isPlainNumber } from '@forgeline/shared/form-number';
import { toDollars } from '@forgeline/shared/money';
import { formatPriceBreaks, parsePriceBreaks } from '@forgeline/shared/price-breaks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, DomainError, handleError } from './errors.ts';
import { sendDownload } from './downloads.ts';

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

/** Any kind of line break, or a character a spreadsheet may take as one: such a cell is always quoted. */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;

/** Text a spreadsheet would run, behind any apostrophes already there (so that fromCsvCell inverts). */
const looksLikeFormula = (text: string) => {
  const rest = text.replace(/^'+/, '');
  return FORMULA_START.test(rest) && !isPlainNumber(rest);
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

/** Today's date (UTC, YYYY-MM-DD): the day an export's file name carries. */
export const exportDay = () => new Date().toISOString().slice(0, 10);

/**
 * Answers with a CSV file, whole or streamed, as a download named `fileName`: the one way exports reply.
 * A download like any other (sendDownload): exports carry customers' names and addresses, so no shared
 * cache keeps them.
 */
export function sendCsv(reply: FastifyReply, fileName: string, body: string | Readable) {
  return sendDownload(reply, { body, fileName, contentType: 'text/csv; charset=utf-8' });
}

/** One row of an imported file: the line it starts on, and its cells by field (columns present only). */
export interface CsvTableRow<Field extends string> {
  line: number;
  cells: Partial<Record<Field, string>>;
  /** How many cells the row has, when that is not the header's count (a row cut short or run over). */
  cellCountMismatch?: { has: number; header: number };
}

/** The problem of a row whose cell count is not the header's, in words a person can act on. */
export const cellCountProblem = ({ has, header }: NonNullable<CsvTableRow<string>['cellCountMismatch']>) =>
  `The row has ${has} cells and the header ${header}: a separator too many or too few (a comma in a cell needs "quotes").`;

/** The columns an import reads: the field each carries, the header a person reads, whether it must be there. */
export interface CsvColumn<Field extends string> {
  readonly field: Field;
  readonly header: string;
  readonly required: boolean;
}

/** The longest record an import reads (a valid row is under 5,000 characters). */
const RECORD_MAX = 64 * 1024;

/**
 * The body of an import as text: UTF-8 (with or without a byte-order mark), or UTF-16 with one (what
 * Excel's 'Unicode Text' writes). Anything else is a 400 saying how to save the file.
 */
export function decodeCsv(body: Buffer): string {
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body.subarray(2));
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw badRequest(
      "The file is not UTF-8 text. In Excel choose 'Save As' → 'CSV UTF-8 (Comma delimited)', or export it from Forgeline and edit that.",
    );
  }
}

/** A cell's header as typed, reduced to letters and digits: 'Part No.' → 'partno'. */
const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The separator the header uses: whichever of , ; tab it holds most (a spreadsheet's locale decides). */
function detectDelimiter(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * Reads the text of an imported CSV (the products import, a price list's import; RFC 4180 quoting, any
 * line ends, comma, semicolon or tab): the header names the columns, in any order, by their header or an
 * alias; each row after it becomes a CsvTableRow. A file that cannot be read as CSV at all, or lacks a
 * required column, answers `fileErrors` saying why; more than `rowsMax` rows throws `tooLarge()`.
 */
export function readCsvTable<Field extends string>(
  text: string,
  options: {
    columns: readonly CsvColumn<Field>[];
    aliases: Record<Field, string[]>;
    rowsMax: number;
    tooLarge: () => DomainError;
    /** What one row is, for the messages: 'product', 'part'. */
    rowNoun: string;
  },
): { rows: CsvTableRow<Field>[]; fileErrors: string[] } {
  const { columns, aliases, rowsMax } = options;
  // One kind of line end (a line break inside a quoted cell included), so that lines count alike.
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (body.trim() === '') {
    return {
      rows: [],
      fileErrors: [`The file is empty: it needs a header row and one row per ${options.rowNoun}.`],
    };
  }
  const headerLine = body.trimStart().split('\n', 1)[0] ?? '';
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(body, {
      delimiter: detectDelimiter(headerLine),
      record_delimiter: '\n',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
      max_record_size: RECORD_MAX,
      // The header, the rows allowed, and one more: 'too many' told apart from 'just enough'.
      to: rowsMax + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? `Line ${error.lines}: ` : '';
    const why =
      error.code === 'CSV_MAX_RECORD_SIZE'
        ? `a row is longer than ${RECORD_MAX.toLocaleString('en')} characters`
        : error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted cell is never closed (a " without its pair)'
          : error.message.replace(/^[^:]*: /, '').slice(0, 200);
    return { rows: [], fileErrors: [`${line}the file cannot be read as CSV: ${why}.`] };
  }
  if (records.length > rowsMax + 1) throw options.tooLarge();

  const [header, ...rest] = records;
  if (!header) return { rows: [], fileErrors: ['The file has no header row.'] };
  const fieldAt: (Field | null)[] = header.record.map((cell) => {
    const name = normalise(cell);
    const column = columns.find((c) => aliases[c.field].includes(name));
    return column?.field ?? null;
  });
  const fileErrors: string[] = [];
  const missing = columns.filter((column) => column.required && !fieldAt.includes(column.field));
  if (missing.length > 0) {
    fileErrors.push(
      `The header row lacks ${missing.map((column) => `'${column.header}'`).join(', ')}. The first row must name the columns: ${columns.map((column) => column.header).join(', ')}.`,
    );
  }
  const twice = columns.filter((column) => fieldAt.filter((f) => f === column.field).length > 1);
  for (const column of twice) fileErrors.push(`The header row names '${column.header}' twice.`);
  if (fileErrors.length > 0) return { rows: [], fileErrors };

  const rows = rest.map(({ record, info, raw }): CsvTableRow<Field> => {
    // info.lines is the line the record ends on; a quoted cell may hold line breaks, and the raw text
    // starts with the empty lines skipped before it.
    const breaks = (raw.replace(/^\n+/, '').replace(/\n$/, '').match(/\n/g) ?? []).length;
    const cells: CsvTableRow<Field>['cells'] = {};
    record.forEach((cell, index) => {
      const field = fieldAt[index];
      if (field) cells[field] = fromCsvCell(cell.trim());
    });
    return {
      line: info.lines - breaks,
      cells,
      ...(record.length !== header.record.length && {
        cellCountMismatch: { has: record.length, header: header.record.length },
      }),
    };
  });
  return { rows, fileErrors: [] };
}

/** Price breaks in one cell: `100:4.20;500:3.90` (quantity:price in dollars, separated by semicolons). */
export const encodePriceBreaks = (tiers: readonly { minQuantity: number; priceCents: number }[]) =>
  formatPriceBreaks(
    tiers.map((tier) => ({ minQuantity: tier.minQuantity, price: toDollars(tier.priceCents) })),
  );

/** The inverse of encodePriceBreaks: the breaks in dollars, or the first part that is not quantity:price. */
export const readPriceBreaksCell = parsePriceBreaks;

/**
 * The text of a CSV file sent as the body, as acceptCsvUploads decoded it; a body of any other type
 * answers 415 saying how to send the file.
 */
export function uploadedCsv(body: unknown): string {
  if (typeof body !== 'string') {
    throw new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the CSV file itself as the body, with Content-Type: text/csv.',
    );
  }
  return body;
}

/**
 * A plugin's CSV uploads: the body (text/csv) arrives as the file's text, UTF-8 or UTF-16 with its
 * byte-order mark (else a 400 saying how to save it), and a file above `bodyLimit` is refused before it
 * is read with `tooLarge`'s words. For the products, price-list and part-number imports alike.
 */
export function acceptCsvUploads(app: FastifyInstance, bodyLimit: number, tooLarge: () => DomainError): void {
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'buffer', bodyLimit },
    (_request, body: Buffer, done) => {
      try {
        done(null, decodeCsv(body));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.setErrorHandler((error, request, reply) =>
    handleError(
      (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : (error as Error),
      request,
      reply,
    ),
  );
}

/** A row of a CSV import's report: what it would do, and its problems (none: it can be written). */
interface ImportReportRow {
  action: 'create' | 'update' | 'unchanged';
  errors: readonly string[];
}

/**
 * The report of a CSV import (products, a price list's items, a company's part numbers; the shape of
 * csvImportReportSchema): its rows counted by action, a row with any problem counted as refused only.
 */
export function importReport<Row extends ImportReportRow>(
  dryRun: boolean,
  written: boolean,
  fileErrors: string[],
  rows: Row[],
) {
  const count = (action: ImportReportRow['action']) =>
    rows.filter((row) => row.errors.length === 0 && row.action === action).length;
  return {
    dryRun,
    written,
    counts: {
      rows: rows.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      refused: rows.filter((row) => row.errors.length > 0).length,
    },
    fileErrors,
    rows,
  };
}

/** What an import wrote, as its audit entry keeps it: the counts, and in words ("3 added, 1 updated, 0 unchanged"). */
export function importedCounts({ create, update, unchanged }: ReturnType<typeof importReport>['counts']) {
  return {
    counts: { create, update, unchanged },
    summary: `${create} added, ${update} updated, ${unchanged} unchanged`,
  };
}

/** importReport of an import's planned rows, each carrying the row of its report. */
export const plannedImportReport = <Row extends ImportReportRow>(
  dryRun: boolean,
  written: boolean,
  fileErrors: string[],
  planned: readonly { report: Row }[],
) =>
  importReport(
    dryRun,
    written,
    fileErrors,
    planned.map((row) => row.report),
  );

/**
 * A 400 that carries the whole report, so that the SPA shows each refused row: its message is the file's
 * problem, or how many rows were refused.
 */
export const importRefusedError = (report: ReturnType<typeof importReport>) =>
  new DomainError(
    'VALIDATION_FAILED',
    report.fileErrors[0] ??
      `${report.counts.refused} of ${report.counts.rows} rows cannot be imported; nothing was written. Correct them and import the file again.`,
    undefined,
    { report },
  );
