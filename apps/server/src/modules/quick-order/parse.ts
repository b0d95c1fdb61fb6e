import { CsvError, parse } from 'csv-parse/sync';
import { LIMITS } from '@forgeline/shared/constants';
import { DomainError, badRequest } from '../../lib/errors.ts';

/** One line of the pad as the buyer wrote it: its 1-based line number, the text, and what it says. */
export interface PadLine {
  line: number;
  input: string;
  sku: string;
  /** null when the quantity is missing or not a whole number (the line reports why). */
  quantity: number | null;
  quantityText: string;
}

/** What a line may echo back: enough to recognise it, never a whole hostile file. */
const INPUT_ECHO_MAX = 200;
const HEADER_WORDS = /^(sku|part|part ?(no|number|#)|item|article|code|product)\b/i;

const tooLarge = () =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The list is too large: at most ${LIMITS.quickOrderBytesMax / 1024} KB and ${LIMITS.quickOrderLinesMax} lines at a time.`,
  );

/** The separator the text uses: whichever of ; tab , its first line holds most (none: pasted lines). */
function detectDelimiter(firstLine: string): string {
  const counts = [';', '\t', ','].map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ';';
}

/** '1,000', '1 000', "1'000" and '1_000' are a thousand; '12 pcs' is twelve. */
function parseQuantity(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\s*(pcs?|pieces?|x)\.?$/i, '')
    .trim();
  const digits = /^\d{1,3}([,' _\u00a0]\d{3})+$/.test(cleaned) ? cleaned.replace(/\D/g, '') : cleaned;
  if (!/^\d{1,9}$/.test(digits)) return null;
  return Number(digits);
}

/**
 * Reads pasted `part-number quantity` lines or the text of a CSV file (comma, semicolon or tab; quoted
 * fields; BOM; CRLF or CR line ends; a header row): one PadLine per non-empty line. The text is data
 * only: a cell such as `=HYPERLINK(…)` is a part number that does not exist, and is echoed back
 * truncated, never evaluated. Too much text is a 413; text that is not CSV at all a 400 naming the line.
 */
export function parsePad(raw: string): PadLine[] {
  if (Buffer.byteLength(raw, 'utf8') > LIMITS.quickOrderBytesMax) throw tooLarge();
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  if (firstLine === '') {
    throw badRequest('Paste some lines or choose a CSV file: a part number and a quantity on each line.', {
      text: 'Paste some lines or choose a CSV file',
    });
  }

  const read = (quote: '"' | false) =>
    parse(text, {
      delimiter: detectDelimiter(firstLine),
      record_delimiter: '\n',
      quote,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: 1000,
      // One more than allowed, so that 'too many lines' can be told apart from 'just enough'.
      to: LIMITS.quickOrderLinesMax + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];

  let records: ReturnType<typeof read>;
  try {
    records = read('"');
  } catch {
    // Quotes that do not pair up (a pasted formula, a stray inch sign): read every quote as a letter.
    try {
      records = read(false);
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      const line = typeof error.lines === 'number' ? error.lines : undefined;
      const message = `${line ? `Line ${line}: ` : ''}this is not a list of part numbers and quantities (${error.message.replace(/^[^:]*: /, '')}).`;
      throw badRequest(message, { text: message });
    }
  }

  const lines: PadLine[] = [];
  for (const [index, { record, info }] of records.entries()) {
    let [sku = '', quantityText = ''] = record.map((field) => field.trim());
    // A pasted line has no separator: 'FL-BRG-6204 500' or 'FL-BRG-6204    500 pcs'.
    if (record.length === 1) {
      const match = /^(\S+)\s+(.+)$/.exec(sku);
      if (match) [, sku = '', quantityText = ''] = match;
    }
    if (sku === '' && quantityText === '') continue;
    const quantity = parseQuantity(quantityText);
    if (index === 0 && quantity === null && HEADER_WORDS.test(sku)) continue;
    lines.push({
      line: info.lines,
      input: record.join(' ').slice(0, INPUT_ECHO_MAX),
      sku: sku.toUpperCase().slice(0, INPUT_ECHO_MAX),
      quantity,
      quantityText: quantityText.slice(0, INPUT_ECHO_MAX),
    });
  }
  if (lines.length > LIMITS.quickOrderLinesMax) throw tooLarge();
  return lines;
}
