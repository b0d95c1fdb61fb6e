import { toDollars } from '@forgeline/shared/money';
import type { InvoiceRow } from '../../db/schema/index.ts';

/** The wire shape of a document; the orders it covers come from its lines. */
export const toInvoiceSummary = (row: InvoiceRow) => ({
  _id: row.id,
  number: row.number,
  kind: row.kind,
  issuedAt: row.issuedAt.toISOString(),
  total: toDollars(row.totalCents),
  poReference: row.poReference,
  paymentReference: row.paymentReference,
  orderIds: row.lines.map((line) => line.orderId),
  pdfUrl: `/api/invoices/${row.id}/pdf`,
  dueAt: row.dueAt?.toISOString() ?? null,
});
