import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatMoney } from '@forgeline/shared/money';

/**
 * The layout shared by the shop's documents (invoices, credit notes, quotes): a title, the seller and
 * the buyer side by side, a table of lines and a total. Set in DejaVu Sans, embedded (only the glyphs
 * used): a buyer's name or address in Polish, Czech, Turkish, Greek or Cyrillic prints as written, where
 * the standard PDF fonts know Latin-1 only and print anything else as wrong characters.
 */

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The two faces, read once per process. */
const documentFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  });
const REGULAR = 'regular';
const BOLD = 'bold';

/** Who issues the documents: the shop's legal details, from configuration (SELLER_* settings). */
export interface Seller {
  name: string;
  address: string;
  email: string;
  taxId?: string | undefined;
}

export interface DocumentLine {
  reference: string;
  description: string;
  /**
   * Part numbers in their own column, one a line ('AB-100', 'Yours: 4711'): each on one line, in a
   * smaller type that shrinks further rather than break a number in two.
   */
  numbers?: readonly string[];
  quantity: number;
  unitPriceCents: number;
  /** Net. */
  totalCents: number;
  /** The line's tax rate as printed ('19 %'); absent: the column stays empty. */
  taxRate?: string | undefined;
}

export interface DocumentContent {
  title: string;
  /** Lines under the title: date, PO reference, validity… */
  facts: string[];
  seller: Seller;
  buyer: { heading: string; lines: string[] }[];
  lines: DocumentLine[];
  /** Lines above the total: net total, tax per rate… */
  subtotals?: { label: string; cents: number }[];
  totalLabel: string;
  totalCents: number;
  /** Paragraphs after the total. */
  notes: string[];
}

export { isoDay } from '@forgeline/shared/dates';

/** Column x positions and widths of the lines table (9 pt) on an A4 page with 50 pt margins. */
const COLUMNS = [
  { key: 'reference', label: 'Ref.', x: 50, width: 62, align: 'left' },
  { key: 'numbers', label: 'Part no.', x: 114, width: 86, align: 'left' },
  { key: 'description', label: 'Description', x: 202, width: 106, align: 'left' },
  { key: 'quantity', label: 'Qty', x: 310, width: 38, align: 'right' },
  { key: 'unit', label: 'Unit price', x: 350, width: 62, align: 'right' },
  { key: 'rate', label: 'Tax', x: 414, width: 36, align: 'right' },
  // Wide enough for a bold $9,999,999.99 in DejaVu Sans.
  { key: 'total', label: 'Net amount', x: 452, width: 93, align: 'right' },
] as const;
const TABLE_SIZE = 9;

/** The type size (9 pt, or less down to 5) at which `text` fits on one line of `width`. */
function fittedSize(doc: PDFKit.PDFDocument, text: string, width: number): number {
  const at9 = doc.fontSize(TABLE_SIZE).widthOfString(text);
  return at9 <= width ? TABLE_SIZE : Math.max(5, Math.floor((TABLE_SIZE * width * 10) / at9) / 10);
}

/**
 * An A4 document in the shop's faces ('regular' and 'bold' registered) and the promise of its bytes,
 * settled once the caller ends it: the start every document shares, priced or not (packing slips).
 */
export function startDocument(title: string, author: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: author } });
  const { regular, bold } = documentFonts();
  doc.registerFont(REGULAR, regular).registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, fonts: { regular: REGULAR, bold: BOLD } as const };
}

export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const { doc, done } = startDocument(content.title, content.seller.name);

  doc.font(BOLD).fontSize(20).text(content.title, 50, 50);
  doc.font(REGULAR).fontSize(10).moveDown(0.5);
  for (const fact of content.facts) doc.text(fact);

  const top = 130;
  const { seller } = content;
  doc.font(BOLD).text('From', 50, top).font(REGULAR);
  doc.text(seller.name).text(seller.address).text(seller.email);
  if (seller.taxId) doc.text(`Tax id: ${seller.taxId}`);
  doc.text('', 320, top);
  for (const block of content.buyer) {
    doc.font(BOLD).text(block.heading, 320).font(REGULAR);
    for (const line of block.lines) doc.text(line, 320, undefined, { width: 225 });
  }

  let y = Math.max(doc.y, 230) + 20;
  doc.font(BOLD).fontSize(TABLE_SIZE);
  for (const column of COLUMNS)
    doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 14;
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 6;
  doc.font(REGULAR);
  for (const line of content.lines) {
    const cells: Record<Exclude<(typeof COLUMNS)[number]['key'], 'numbers'>, string> = {
      reference: line.reference.length > 14 ? `${line.reference.slice(0, 8)}…` : line.reference,
      description: line.description,
      quantity: `${line.quantity}`,
      unit: formatMoney(line.unitPriceCents),
      rate: line.taxRate ?? '',
      total: formatMoney(line.totalCents),
    };
    const numbersColumn = COLUMNS[1];
    const numbers = (line.numbers ?? []).map((text) => ({
      text,
      size: fittedSize(doc, text, numbersColumn.width - 2),
    }));
    doc.fontSize(TABLE_SIZE);
    const height = Math.max(
      numbers.reduce((sum, n) => sum + n.size * 1.25, 0),
      ...COLUMNS.flatMap((column) =>
        column.key === 'numbers' ? [] : [doc.heightOfString(cells[column.key], { width: column.width })],
      ),
    );
    if (y + height > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
    for (const column of COLUMNS) {
      if (column.key === 'numbers') continue;
      doc.text(cells[column.key], column.x, y, { width: column.width, align: column.align });
    }
    let numberY = y;
    for (const number of numbers) {
      // Already fitted to the column: no width, so that pdfkit never wraps it inside the number.
      doc.fontSize(number.size).text(number.text, numbersColumn.x, numberY, { lineBreak: false });
      numberY += number.size * 1.25;
    }
    doc.fontSize(TABLE_SIZE);
    y += height + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 8;
  doc.fontSize(10);
  for (const subtotal of content.subtotals ?? []) {
    doc.text(subtotal.label, 200, y, { width: 240, align: 'right' });
    doc.text(formatMoney(subtotal.cents), 445, y, { width: 100, align: 'right' });
    y += 15;
  }
  doc.font(BOLD);
  doc.text(content.totalLabel, 200, y, { width: 240, align: 'right' });
  doc.text(formatMoney(content.totalCents), 445, y, { width: 100, align: 'right' });
  doc.font(REGULAR).text('', 50, y + 30);
  for (const note of content.notes) doc.text(note, 50);
  doc.end();
  return done;
}
