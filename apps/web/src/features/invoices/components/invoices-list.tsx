import { formatPrice } from '@forgeline/shared/money';
import { type InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { formatDay } from '@/lib/format-date';

/** Invoices and credit notes as cards with their PDF: readable and downloadable on a phone. */
export const InvoicesList = ({ invoices }: { invoices: InvoiceSummary[] }) => (
  <ul className="grid gap-3 md:grid-cols-2" aria-label="Invoices and credit notes">
    {invoices.map((invoice) => (
      <li
        key={invoice._id}
        className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4"
        data-testid="invoice-card"
      >
        <div>
          <p className="font-semibold">
            {invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} {invoice.number}
          </p>
          <p className="text-sm text-base-content/80">
            {formatDay(invoice.issuedAt)} · {invoice.kind === 'credit_note' ? '−' : ''}${' '}
            {formatPrice(invoice.total)}
            {invoice.poReference ? ` · PO ${invoice.poReference}` : ''}
          </p>
        </div>
        <a className="btn btn-outline btn-sm" href={invoice.pdfUrl} download>
          Download PDF<span className="sr-only"> of {invoice.number}</span>
        </a>
      </li>
    ))}
  </ul>
);
