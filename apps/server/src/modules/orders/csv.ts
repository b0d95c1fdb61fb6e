import { stringify } from 'csv-stringify/sync';
import { toDollars } from '@forgeline/shared';
import type { OrderView } from './repository.ts';

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a
 * formula: a product name or PO reference typed as `=HYPERLINK(…)` would run on the buyer's machine.
 * Such a cell is written with a leading apostrophe, which spreadsheets show as text.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

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
];

/** My Orders as CSV (RFC 4180 quoting by csv-stringify), one order a row, newest first. */
export function myOrdersCsv(rows: readonly OrderView[]): string {
  const records = rows.map((row) =>
    [
      row.number,
      row.createdAt.toISOString(),
      row.checkoutNumber ?? null,
      row.poReference ?? null,
      row.productName,
      toDollars(row.priceCents).toFixed(2),
      row.quantity,
      toDollars(row.totalCents).toFixed(2),
      row.paid ? 'Paid' : 'Pending',
      row.transactionId,
      row.status === 'shipped' ? 'Shipped' : 'Pending',
    ].map(csvCell),
  );
  return stringify([HEADER, ...records], { record_delimiter: 'windows' });
}
