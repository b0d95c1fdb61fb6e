import { parseTypedNumber } from '@forgeline/shared/form-number';
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

/** '1,000', '1 000', "1'000" and '1_000' are a thousand (parseTypedNumber); '12 pcs' is twelve. */
function parseQuantity(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\s*(pcs?|pieces?|x)\.?$/i, '')
    .trim();
  // Digits and thousands separators only: a sign, a decimal or an exponent is not a count of pieces.
  if (!/^\d[\d,' _\u00a0]*$/.test(cleaned)) return null;
  const quantity = parseTypedNumber(cleaned);
  return Number.isInteger(quantity) && quantity <= 999_999_999 ? quantity : null;
}

/** Between a part number and its quantity: any run of commas, semicolons, tabs and spaces, mixed. */
const SEPARATORS = /[\s,;]+/;
const EDGE_SEPARATORS = /^[\s,;]+|[\s,;]+$/g;
/** A line longer than this is not a part number and a quantity (a spreadsheet's stray blob). */
const LINE_CHARS_MAX = 1000;

/** A field in double quotes as spreadsheets write it (`""` is one quote), and what follows it; else null. */
function quotedField(text: string): { field: string; rest: string } | null {
  const match = /^"((?:[^"]|"")*)"(.*)$/s.exec(text);
  return match ? { field: (match[1] ?? '').replace(/""/g, '"'), rest: match[2] ?? '' } : null;
}

/**
 * One line on its own: the part number up to the first separator (or in quotes), then the quantity.
 * The quantity is the rest of the line when that reads as one ('1,000', '1 000 pcs'), else the rest's
 * first field (a spreadsheet's further columns are ignored). A quote that does not pair up is a letter.
 */
function readLine(line: string): { sku: string; quantityText: string; quantity: number | null } {
  const text = line.replace(EDGE_SEPARATORS, '');
  const quotedSku = quotedField(text);
  const separator = SEPARATORS.exec(text);
  const [sku, afterSku] = quotedSku
    ? [quotedSku.field.trim(), quotedSku.rest]
    : separator
      ? [text.slice(0, separator.index), text.slice(separator.index)]
      : [text, ''];
  const rest = afterSku.replace(EDGE_SEPARATORS, '');
  const quotedQuantity = quotedField(rest);
  if (quotedQuantity) {
    const quantityText = quotedQuantity.field.trim();
    return { sku, quantityText, quantity: parseQuantity(quantityText) };
  }
  const whole = parseQuantity(rest);
  if (whole !== null || rest === '') return { sku, quantityText: rest, quantity: whole };
  const [first = ''] = rest.split(/[,;\t]/);
  return { sku, quantityText: first.trim(), quantity: parseQuantity(first) ?? null };
}

/**
 * Reads pasted `part-number quantity` lines or the text of a CSV file: every line by itself, separated
 * by commas, semicolons, tabs or spaces (mixed, from line to line or within one), quoted fields, a BOM,
 * CRLF or CR line ends, blank lines, a header row: one PadLine per non-empty line. The text is data only:
 * a cell such as `=HYPERLINK(…)` is a part number that does not exist, and is echoed back truncated, never
 * evaluated. Too much text is a 413; a line too long to be a part and a quantity a 400 naming the line.
 */
export function parsePad(raw: string): PadLine[] {
  if (Buffer.byteLength(raw, 'utf8') > LIMITS.quickOrderBytesMax) throw tooLarge();
  const rows = raw.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (rows.every((row) => row.replace(EDGE_SEPARATORS, '') === '')) {
    throw badRequest('Paste some lines or choose a CSV file: a part number and a quantity on each line.', {
      text: 'Paste some lines or choose a CSV file',
    });
  }

  const lines: PadLine[] = [];
  let first = true;
  for (const [index, row] of rows.entries()) {
    const input = row.trim();
    if (input.replace(EDGE_SEPARATORS, '') === '') continue;
    if (input.length > LINE_CHARS_MAX) {
      const message = `Line ${index + 1}: this is not a list of part numbers and quantities (a line can be at most ${LINE_CHARS_MAX} characters).`;
      throw badRequest(message, { text: message });
    }
    const { sku, quantityText, quantity } = readLine(input);
    const header = first && quantity === null && HEADER_WORDS.test(sku);
    first = false;
    if (header) continue;
    lines.push({
      line: index + 1,
      input: input.slice(0, INPUT_ECHO_MAX),
      sku: sku.toUpperCase().slice(0, INPUT_ECHO_MAX),
      quantity,
      quantityText: quantityText.slice(0, INPUT_ECHO_MAX),
    });
    // One more than allowed is enough to tell 'too many lines' from 'just enough'.
    if (lines.length > LIMITS.quickOrderLinesMax) throw tooLarge();
  }
  return lines;
}
