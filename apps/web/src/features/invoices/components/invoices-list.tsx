import { formatPrice } from '@forgeline/shared/money';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { formatDay } from '@/lib/format-date';
import { CardList, type CardLook } from '@/components/ui/card-list';

/** An invoice's standing as the server computed it (docs/decisions/0206), in words and colour. */
const STATUS: Record<NonNullable<InvoiceSummary['status']>, { label: string; badge: string }> = {
  paid: { label: 'Paid', badge: 'badge-success' },
  open: { label: 'Open', badge: 'badge-warning' },
  overdue: { label: 'Overdue', badge: 'badge-error' },
  credited: { label: 'Credited', badge: 'badge-ghost' },
};

/** Due date, status and balance of an invoice: what is still owed and by when. */
const Standing = ({ invoice }: { invoice: InvoiceSummary }) => {
  if (invoice.status === null) return null;
  const status = STATUS[invoice.status];
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm" data-testid="invoice-standing">
      <dt className="text-base-content/75">Status</dt>
      <dd>
        <span className={`badge badge-sm ${status.badge}`} data-testid="invoice-status">
          {status.label}
        </span>
      </dd>
      <dt className="text-base-content/75">Due</dt>
      <dd data-testid="invoice-due">{invoice.dueAt ? formatDay(invoice.dueAt) : 'Paid by card at order'}</dd>
      <dt className="text-base-content/75">Balance</dt>
      <dd className="font-semibold" data-testid="invoice-balance">
        $ {formatPrice(invoice.balance ?? 0)}
      </dd>
    </dl>
  );
};

const INVOICE_CARDS: CardLook = {
  list: 'grid gap-3 md:grid-cols-2',
  card: 'flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4',
};

/** Invoices and credit notes as cards with their PDF: readable and downloadable on a phone. */
export const InvoicesList = ({ invoices }: { invoices: InvoiceSummary[] }) => (
  <CardList items={invoices} label="Invoices and credit notes" testId="invoice-card" look={INVOICE_CARDS}>
    {(invoice) => (
      <>
        <div>
          <p className="font-semibold">
            {invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} {invoice.number}
          </p>
          <p className="text-sm text-base-content/80">
            {formatDay(invoice.issuedAt)} · {invoice.kind === 'credit_note' ? '−' : ''}${' '}
            {formatPrice(invoice.total)}
            {invoice.poReference ? ` · PO ${invoice.poReference}` : ''}
          </p>
          <Standing invoice={invoice} />
        </div>
        <a className="btn btn-outline btn-sm" href={invoice.pdfUrl} download>
          Download PDF<span className="sr-only"> of {invoice.number}</span>
        </a>
      </>
    )}
  </CardList>
);
