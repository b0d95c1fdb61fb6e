import { toDollars } from '@forgeline/shared/money';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import type { InvoiceRow } from '../../db/schema/index.ts';

/** Where a document's PDF is downloaded. */
export const pdfUrlOf = (row: Pick<InvoiceRow, 'id'>) => `/api/invoices/${row.id}/pdf`;

/** What an invoice's buyer still owes, and whether it is paid (null for a credit note). */
export interface InvoiceStanding {
  status: InvoiceSummary['status'];
  balanceCents: number | null;
}

/** The wire shape of a document; the orders it covers come from its lines. */
export const toInvoiceSummary = (row: InvoiceRow, standing: InvoiceStanding): InvoiceSummary => ({
  _id: row.id,
  number: row.number,
  kind: row.kind,
  issuedAt: row.issuedAt.toISOString(),
  total: toDollars(row.totalCents),
  net: toDollars(row.netCents),
  tax: toDollars(row.taxCents),
  poReference: row.poReference,
  paymentReference: row.paymentReference,
  // Each order once: the delivery line carries its first order's id beside that order's own line.
  orderIds: [...new Set(row.lines.map((line) => line.orderId))],
  pdfUrl: pdfUrlOf(row),
  dueAt: row.dueAt?.toISOString() ?? null,
  status: standing.status,
  balance: standing.balanceCents === null ? null : toDollars(standing.balanceCents),
});
