import PDFDocument from 'pdfkit';

/**
 * The layout shared by the shop's documents (invoices, credit notes, quotes): a title, the seller and
 * the buyer side by side, a table of lines and a total. Standard PDF fonts: no font files to ship, at the
 * price of Latin-1 text only.
 */

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
  { key: 'description', label: 'Part', x: 150, width: 170, align: 'left' },
  { key: 'quantity', label: 'Qty', x: 325, width: 55, align: 'right' },
  { key: 'unit', label: 'Unit price', x: 385, width: 75, align: 'right' },
  { key: 'total', label: 'Amount', x: 465, width: 80, align: 'right' },
] as const;

export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: content.title, Author: content.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(content.title, 50, 50);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  for (const fact of content.facts) doc.text(fact);

  const top = 130;
  const { seller } = content;
  doc.font('Helvetica-Bold').text('From', 50, top).font('Helvetica');
  doc.text(seller.name).text(seller.address).text(seller.email);
  if (seller.taxId) doc.text(`Tax id: ${seller.taxId}`);
  doc.text('', 320, top);
  for (const block of content.buyer) {
    doc.font('Helvetica-Bold').text(block.heading, 320).font('Helvetica');
    for (const line of block.lines) doc.text(line, 320, undefined, { width: 225 });
  }

  let y = Math.max(doc.y, 230) + 20;
  doc.font('Helvetica-Bold');
  for (const column of COLUMNS)
    doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 16;
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 6;
  doc.font('Helvetica');
  for (const line of content.lines) {
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      reference: line.reference.length > 16 ? `${line.reference.slice(0, 8)}…` : line.reference,
      description: line.description,
      quantity: `${line.quantity}`,
      unit: money(line.unitPriceCents),
      total: money(line.totalCents),
    };
    const height = Math.max(
      ...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width })),
    );
    if (y + height > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
    for (const column of COLUMNS)
      doc.text(cells[column.key], column.x, y, { width: column.width, align: column.align });
    y += height + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 8;
  doc.font('Helvetica-Bold');
  doc.text(content.totalLabel, 365, y, { width: 95, align: 'right' });
  doc.text(money(content.totalCents), 465, y, { width: 80, align: 'right' });
  doc.font('Helvetica').text('', 50, y + 30);
  for (const note of content.notes) doc.text(note, 50);
  doc.end();
  return done;
}
