import { centsFigure, toCents } from '@forgeline/shared/money';
import type { TermsInvoice } from '@forgeline/shared/schemas/payment-terms';
import { csvDocument } from '../../lib/csv.ts';

const HEADER = [
  'Invoice number',
  'Checkout',
  'Customer',
  'Customer email',
  'PO reference',
  'Due (USD)',
  'Due date',
  'Overdue',
  'Reminded at',
];

/** Invoices on terms as CSV, as the admin's list shows them (soonest due first). */
export function termsInvoicesCsv(invoices: readonly TermsInvoice[]): string {
  return csvDocument(
    HEADER,
    invoices.map((invoice) => [
      invoice.invoiceNumber,
      invoice.checkoutNumber,
      invoice.customerName,
      invoice.customerEmail,
      invoice.poReference,
      centsFigure(toCents(invoice.due)),
      invoice.dueAt,
      invoice.overdue ? 'Overdue' : 'Open',
      invoice.remindedAt,
    ]),
    { bom: true },
  );
}
