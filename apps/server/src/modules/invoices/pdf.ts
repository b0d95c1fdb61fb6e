import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../../db/schema/index.ts';

/** Who issues the documents: the shop's legal details, from configuration (SELLER_* settings). */
export interface Seller {
  name: string;
  address: string;
  email: string;
  taxId?: string | undefined;
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

const TITLE: Record<InvoiceRow['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** Column x positions and widths of the lines table on an A4 page with 50 pt margins. */
const COLUMNS = [
  { key: 'reference', label: 'Order', x: 50, width: 95, align: 'left' },
  { key: 'description', label: 'Part', x: 150, width: 170, align: 'left' },
  { key: 'quantity', label: 'Qty', x: 325, width: 55, align: 'right' },
  { key: 'unit', label: 'Unit price', x: 385, width: 75, align: 'right' },
  { key: 'total', label: 'Amount', x: 465, width: 80, align: 'right' },
] as const;

/**
 * Renders an invoice or credit note as a PDF. Everything printed comes from the stored document (copied
 * when it was issued) and the seller's settings, never from a request. Standard PDF fonts: no font
 * files to ship, at the price of Latin-1 text only.
 */
export function renderInvoicePdf(invoice: InvoiceRow, seller: Seller): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${TITLE[invoice.kind]} ${invoice.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const sign = invoice.kind === 'credit_note' ? -1 : 1;

  doc.font('Helvetica-Bold').fontSize(20).text(`${TITLE[invoice.kind]} ${invoice.number}`, 50, 50);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Date: ${day(invoice.issuedAt)}`);
  if (invoice.poReference) doc.text(`Your PO reference: ${invoice.poReference}`);

  const top = 130;
  doc.font('Helvetica-Bold').text('From', 50, top).font('Helvetica');
  doc.text(seller.name).text(seller.address).text(seller.email);
  if (seller.taxId) doc.text(`Tax id: ${seller.taxId}`);
  doc.font('Helvetica-Bold').text('Bill to', 320, top).font('Helvetica');
  doc.text(invoice.buyerName, 320).text(invoice.buyerEmail, 320);
  doc.font('Helvetica-Bold').text('Deliver to', 320).font('Helvetica');
  doc.text(invoice.deliveryAddress, 320, undefined, { width: 225 }).text(`Phone ${invoice.phone}`, 320);

  let y = Math.max(doc.y, 230) + 20;
  doc.font('Helvetica-Bold');
  for (const column of COLUMNS)
    doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 16;
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 6;
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      reference: line.reference.length > 16 ? `${line.reference.slice(0, 8)}…` : line.reference,
      description: line.sku ? `${line.description} (${line.sku})` : line.description,
      quantity: `${line.quantity}`,
      unit: money(line.unitPriceCents),
      total: money(sign * line.totalCents),
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
  doc.text(invoice.kind === 'credit_note' ? 'Total credited' : 'Total', 385, y, {
    width: 75,
    align: 'right',
  });
  doc.text(money(sign * invoice.totalCents), 465, y, { width: 80, align: 'right' });
  doc.font('Helvetica').text('', 50, y + 30);

  if (invoice.kind === 'invoice') {
    doc.text(`Paid by ${invoice.paymentMethod}. Payment reference: ${invoice.paymentReference}.`, 50);
  } else {
    doc.text(`${invoice.paymentMethod}. Original payment reference: ${invoice.paymentReference}.`, 50);
  }
  doc.text('Prices are per piece in US dollars; volume prices are shown as charged.', 50);
  doc.end();
  return done;
}
