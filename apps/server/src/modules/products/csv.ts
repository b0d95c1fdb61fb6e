import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import { LIMITS } from '@forgeline/shared/constants';
import { toDollars } from '@forgeline/shared/money';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import type { ProductRow } from '../../db/schema/index.ts';
import { csvStream, fromCsvCell } from '../../lib/csv.ts';
import { DomainError, badRequest } from '../../lib/errors.ts';

/**
 * The columns of the products CSV, export and import alike (docs/decisions/0107): the header a person
 * reads, and the field of the product body (the spec's spelling) it carries.
 */
export const PRODUCT_COLUMNS = [
  { field: 'sku', header: 'Part number', required: true },
  { field: 'name', header: 'Name', required: true },
  { field: 'price', header: 'Price', required: true },
  { field: 'availableQuantiity', header: 'Stock', required: true },
  { field: 'minOrder', header: 'Minimum order', required: true },
  { field: 'packSize', header: 'Pack size', required: false },
  { field: 'maxOrder', header: 'Maximum order', required: false },
  { field: 'priceTiers', header: 'Price breaks', required: false },
  { field: 'lowStockThreshold', header: 'Low-stock alert', required: false },
  { field: 'description', header: 'Description', required: true },
  { field: 'img', header: 'Image', required: true },
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number]['field'];

/** The header of a column, for a message ('Minimum order'), from a product body's field name. */
export const headerOf = (field: string): string =>
  PRODUCT_COLUMNS.find((column) => column.field === field)?.header ?? field;

/** A cell's header as typed, reduced to letters and digits: 'Part No.' → 'partno'. */
const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Other names a header may have: the API's own field names, and the words a spreadsheet may carry. */
const ALIASES: Record<ProductColumn, string[]> = {
  sku: ['sku', 'partno', 'partnumber', 'part'],
  name: ['name', 'productname'],
  price: ['price', 'unitprice'],
  availableQuantiity: ['availablequantiity', 'availablequantity', 'stock', 'quantity'],
  minOrder: ['minorder', 'minimumorder', 'minimumorderquantity', 'moq'],
  packSize: ['packsize'],
  maxOrder: ['maxorder', 'maximumorder'],
  priceTiers: ['pricetiers', 'pricebreaks'],
  lowStockThreshold: ['lowstockthreshold', 'lowstockalert'],
  description: ['description'],
  img: ['img', 'image', 'imageurl'],
};

/** Price breaks in one cell: `100:4.20;500:3.90` (quantity:price, separated by semicolons). */
export const encodePriceTiers = (tiers: ProductRow['priceTiers']) =>
  tiers.map((tier) => `${tier.minQuantity}:${toDollars(tier.priceCents).toFixed(2)}`).join(';');

const exportRecord = (row: ProductRow) => [
  row.sku,
  row.name,
  toDollars(row.priceCents).toFixed(2),
  row.availableQuantity,
  row.minOrder,
  row.packSize,
  row.maxOrder,
  encodePriceTiers(row.priceTiers),
  row.lowStockThreshold,
  row.description,
  row.imageUrl ?? PART_PHOTO_PLACEHOLDER, // as the API answers it: imported again, it reads as 'no photo'
];

/** Streams products as CSV, with a UTF-8 byte-order mark so that a spreadsheet opens it as UTF-8. */
export function productsCsvStream(batches: AsyncIterable<readonly ProductRow[]>): Readable {
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield exportRecord(row);
  }
  return csvStream(
    PRODUCT_COLUMNS.map((column) => column.header),
    records(),
    { bom: true },
  );
}

/** One row of an imported file: the line it starts on, and its cells by field (columns present only). */
export interface CsvProductRow {
  line: number;
  cells: Partial<Record<ProductColumn, string>>;
  /** How many cells the row has, when that is not the header's count (a row cut short or run over). */
  cellCountMismatch?: { has: number; header: number };
}

/** The longest record the import reads (a valid row is under 5,000 characters). */
const RECORD_MAX = 64 * 1024;

export const importTooLarge = () =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: at most ${LIMITS.productImportBytesMax / 1024 / 1024} MB and ${LIMITS.productImportRowsMax.toLocaleString('en')} products at a time. Split it into several files.`,
  );

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

/** The separator the header uses: whichever of , ; tab it holds most (a spreadsheet's locale decides). */
function detectDelimiter(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * Reads the text of a products CSV (RFC 4180 quoting, any line ends, comma, semicolon or tab): the
 * header names the columns, in any order (the export's headers or the API's field names); each row
 * after it becomes a CsvProductRow. A file that cannot be read as CSV at all, or lacks a required
 * column, is a 400 whose `fileErrors` say why; more than the limit of rows a 413.
 */
export function readProductsCsv(text: string): { rows: CsvProductRow[]; fileErrors: string[] } {
  // One kind of line end (a line break inside a quoted cell included), so that lines count alike.
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (body.trim() === '') {
    return { rows: [], fileErrors: ['The file is empty: it needs a header row and one row per product.'] };
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
      to: LIMITS.productImportRowsMax + 2,
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
  if (records.length > LIMITS.productImportRowsMax + 1) throw importTooLarge();

  const [header, ...rest] = records;
  if (!header) return { rows: [], fileErrors: ['The file has no header row.'] };
  const fieldAt: (ProductColumn | null)[] = header.record.map((cell) => {
    const name = normalise(cell);
    const column = PRODUCT_COLUMNS.find((c) => ALIASES[c.field].includes(name));
    return column?.field ?? null;
  });
  const fileErrors: string[] = [];
  const missing = PRODUCT_COLUMNS.filter((column) => column.required && !fieldAt.includes(column.field));
  if (missing.length > 0) {
    fileErrors.push(
      `The header row lacks ${missing.map((column) => `'${column.header}'`).join(', ')}. The first row must name the columns: ${PRODUCT_COLUMNS.map((column) => column.header).join(', ')}.`,
    );
  }
  const twice = PRODUCT_COLUMNS.filter((column) => fieldAt.filter((f) => f === column.field).length > 1);
  for (const column of twice) fileErrors.push(`The header row names '${column.header}' twice.`);
  if (fileErrors.length > 0) return { rows: [], fileErrors };

  const rows = rest.map(({ record, info, raw }): CsvProductRow => {
    // info.lines is the line the record ends on; a quoted cell may hold line breaks, and the raw text
    // starts with the empty lines skipped before it.
    const breaks = (raw.replace(/^\n+/, '').replace(/\n$/, '').match(/\n/g) ?? []).length;
    const cells: CsvProductRow['cells'] = {};
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
