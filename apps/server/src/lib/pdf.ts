import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

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
   * Part numbers printed under the description, one a line ('Part no. AB-100', 'Your no. 4711'): each
   * on one line, in a smaller type that shrinks further rather than break a number in two.
   */
  numbers?: readonly string[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface DocumentContent {
  title: string;
  /** Lines under the title: date, PO reference, validity… */
  facts: string[];
  seller: Seller;
  buyer: { heading: string; lines: string[] }[];
  lines: DocumentLine[];
  totalLabel: string;
  totalCents: number;
  /** Paragraphs after the total. */
  notes: string[];
}

export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Column x positions and widths of the lines table on an A4 page with 50 pt margins. */
const COLUMNS = [
  { key: 'reference', label: 'Ref.', x: 50, width: 95, align: 'left' },
  { key: 'description', label: 'Part', x: 150, width: 160, align: 'left' },
  { key: 'quantity', label: 'Qty', x: 315, width: 50, align: 'right' },
  { key: 'unit', label: 'Unit price', x: 370, width: 70, align: 'right' },
  // Wide enough for a bold $9,999,999.99 in DejaVu Sans.
  { key: 'total', label: 'Amount', x: 445, width: 100, align: 'right' },
] as const;

/** The type size (8 pt, or less down to 5) at which `text` fits on one line of `width`. */
function fittedSize(doc: PDFKit.PDFDocument, text: string, width: number): number {
  const at8 = doc.fontSize(8).widthOfString(text);
  doc.fontSize(10);
  return at8 <= width ? 8 : Math.max(5, Math.floor((8 * width * 10) / at8) / 10);
}

export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: content.title, Author: content.seller.name },
  });
  const { regular, bold } = documentFonts();
  doc.registerFont(REGULAR, regular).registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

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
  doc.font(BOLD);
  for (const column of COLUMNS)
    doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 16;
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 6;
  doc.font(REGULAR);
  for (const line of content.lines) {
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      reference: line.reference.length > 16 ? `${line.reference.slice(0, 8)}…` : line.reference,
      description: line.description,
      quantity: `${line.quantity}`,
      unit: money(line.unitPriceCents),
      total: money(line.totalCents),
    };
    const part = COLUMNS[1];
    const numbers = (line.numbers ?? []).map((text) => ({ text, size: fittedSize(doc, text, part.width) }));
    const numbersHeight = numbers.reduce((sum, n) => sum + n.size * 1.25, 0);
    const height = Math.max(
      ...COLUMNS.map(
        (column) =>
          doc.heightOfString(cells[column.key], { width: column.width }) +
          (column.key === 'description' ? numbersHeight : 0),
      ),
    );
    if (y + height > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
    for (const column of COLUMNS)
      doc.text(cells[column.key], column.x, y, { width: column.width, align: column.align });
    let numberY = y + doc.heightOfString(cells.description, { width: part.width });
    for (const number of numbers) {
      doc.fontSize(number.size).text(number.text, part.x, numberY, { width: part.width, lineBreak: false });
      numberY += number.size * 1.25;
    }
    doc.fontSize(10);
    y += height + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 8;
  doc.font(BOLD);
  doc.text(content.totalLabel, 340, y, { width: 100, align: 'right' });
  doc.text(money(content.totalCents), 445, y, { width: 100, align: 'right' });
  doc.font(REGULAR).text('', 50, y + 30);
  for (const note of content.notes) doc.text(note, 50);
  doc.end();
  return done;
}
