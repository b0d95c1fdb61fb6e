import { carrierName } from '@forgeline/shared/carriers';
import { isoDay, startDocument, type Seller } from '../../lib/pdf.ts';
import type { OrderView } from '../orders/index.ts';
import type { ShipmentView } from './repository.ts';

/** A line of the slip: the shipment's pieces of an order line, beside what was ordered and what is left. */
export interface SlipLine {
  order: Pick<
    OrderView,
    'number' | 'productName' | 'customerPartNumber' | 'quantity' | 'shippedQuantity' | 'sku'
  >;
  quantity: number;
}

/** Columns of the slip's table on an A4 page with 50 pt margins: no prices (it travels in the parcel). */
const COLUMNS = [
  { label: 'Order', x: 50, width: 70, align: 'left' },
  { label: 'Part', x: 122, width: 200, align: 'left' },
  { label: 'Ordered', x: 324, width: 55, align: 'right' },
  { label: 'In this parcel', x: 381, width: 75, align: 'right' },
  { label: 'Still to come', x: 458, width: 87, align: 'right' },
] as const;

/**
 * The packing slip of one shipment (decision 0232): who it goes to, the carrier and tracking number,
 * and per line the pieces in the parcel, those ordered and those still to come. Set in the documents'
 * embedded font (docs/decisions/0211), so that a name in any European script prints as written.
 */
export function renderPackingSlipPdf(
  shipment: ShipmentView,
  lines: readonly SlipLine[],
  recipient: {
    name: string;
    address: string;
    phone: string;
    checkoutNumber: string | null;
    poReference: string | null;
  },
  seller: Seller,
): Promise<Buffer> {
  const title = `Packing slip ${shipment.number}`;
  const { doc, done, fonts } = startDocument(title, seller.name);
  doc.font(fonts.bold).fontSize(20).text(title, 50, 50);
  doc.font(fonts.regular).fontSize(10).moveDown(0.5);
  doc.text(`Shipped: ${isoDay(shipment.createdAt)}`);
  doc.text(`Carrier: ${carrierName(shipment.carrier)}`);
  if (shipment.trackingNumber) doc.text(`Tracking number: ${shipment.trackingNumber}`);
  if (recipient.checkoutNumber) doc.text(`Checkout: ${recipient.checkoutNumber}`);
  if (recipient.poReference) doc.text(`PO: ${recipient.poReference}`);

  const top = Math.max(doc.y, 150) + 15;
  doc.font(fonts.bold).text('From', 50, top).font(fonts.regular);
  doc.text(seller.name, 50, undefined, { width: 250 }).text(seller.address, { width: 250 });
  doc.font(fonts.bold).text('Deliver to', 320, top).font(fonts.regular);
  for (const text of [recipient.name, recipient.address, recipient.phone]) {
    doc.text(text, 320, undefined, { width: 225 });
  }

  let y = Math.max(doc.y, top + 60) + 20;
  doc.font(fonts.bold).fontSize(9);
  for (const column of COLUMNS)
    doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 14;
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 6;
  doc.font(fonts.regular);
  for (const { order, quantity } of lines) {
    const part = [
      order.productName,
      ...(order.sku ? [`Part no. ${order.sku}`] : []),
      ...(order.customerPartNumber ? [`Your no. ${order.customerPartNumber}`] : []),
    ].join('\n');
    const cells = [
      order.number,
      part,
      `${order.quantity}`,
      `${quantity}`,
      `${order.quantity - order.shippedQuantity}`,
    ];
    const height = Math.max(
      ...COLUMNS.map((column, i) => doc.heightOfString(cells[i]!, { width: column.width })),
    );
    if (y + height > doc.page.height - 80) {
      doc.addPage();
      y = 50;
    }
    COLUMNS.forEach((column, i) =>
      doc.text(cells[i]!, column.x, y, { width: column.width, align: column.align }),
    );
    y += height + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .font(fonts.bold)
    .fontSize(10)
    .text(`${pieces} pieces in this parcel`, 50, y + 10);
  doc.end();
  return done;
}
