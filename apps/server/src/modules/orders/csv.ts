import { orderStatusLabel } from '@forgeline/shared/order-status';
import type { Readable } from 'node:stream';
import { MANAGE_ORDERS_ORDER_COLUMNS } from '@forgeline/shared/manage-orders';
import { centsFigure } from '@forgeline/shared/money';
import { csvDocument, csvStream } from '../../lib/csv.ts';
import type { OrderView } from './repository.ts';

const HEADER = [
  'Order number',
  'Date',
  'Checkout',
  'PO reference',
  'Product Name',
  'Price Per Unit',
  'Buy Quantity',
  'Total Price',
  'Payment',
  'Transaction id',
  'Status',
  'Part number',
  'Customer part number',
];

/** My Orders as CSV, one order a row, newest first. */
export function myOrdersCsv(rows: readonly OrderView[]): string {
  const records = rows.map((row) => [
    row.number,
    row.createdAt.toISOString(),
    row.checkoutNumber ?? null,
    row.poReference ?? null,
    row.productName,
    centsFigure(row.priceCents),
    row.quantity,
    centsFigure(row.totalCents),
    row.paid ? 'Paid' : 'Pending',
    row.transactionId,
    orderStatusLabel(row),
    row.sku ?? null,
    row.customerPartNumber,
  ]);
  return csvDocument(HEADER, records);
}

/** Manage All Orders as CSV: the spec's columns, then where to deliver, the dates and the references. */
const ADMIN_HEADER = [
  'Order number',
  'User Email',
  'Customer',
  ...MANAGE_ORDERS_ORDER_COLUMNS,
  'Address',
  'Phone',
  'Placed',
  'Paid at',
  'Shipped at',
  'Checkout',
  'PO reference',
  'Transaction id',
  'Part number',
  'Customer part number',
];

const iso = (date: Date | null) => date?.toISOString() ?? null;

const adminOrderRecord = (row: OrderView) => [
  row.number,
  row.customerEmail,
  row.customerName,
  row.productName,
  centsFigure(row.priceCents),
  row.quantity,
  centsFigure(row.totalCents),
  orderStatusLabel(row),
  row.paid ? 'Paid' : 'Unpaid',
  row.address,
  row.phone,
  iso(row.createdAt),
  iso(row.paidAt),
  iso(row.shippedAt),
  row.checkoutNumber ?? null,
  row.poReference ?? null,
  row.transactionId,
  row.sku ?? null,
  row.customerPartNumber,
];

/** Streams orders as CSV: the header, then each batch `batches` yields, never all in memory. */
export function adminOrdersCsvStream(batches: AsyncIterable<readonly OrderView[]>): Readable {
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield adminOrderRecord(row);
  }
  return csvStream(ADMIN_HEADER, records());
}
