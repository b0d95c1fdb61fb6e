import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import { LIMITS } from '@forgeline/shared/constants';
import { type TermsInvoice } from '@forgeline/shared/schemas/payment-terms';
import { actionFailed } from '@/lib/error-message';
import { TableRegion } from '@/components/ui/table-region';
import { WrapPoints } from '@/components/ui/wrap-points';
import { useMarkPaid } from '../api/terms';
import { dueDay } from '@/lib/payment-state';

/** Mark paid: the transfer's reference (a bank statement line), then one POST. */
const MarkPaidForm = ({ invoice, onDone }: { invoice: TermsInvoice; onDone: () => void }) => {
  const markPaid = useMarkPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's rule (MarkPaidBodySchema), checked here without loading zod on this page.
    const trimmed = reference.trim();
    if (!trimmed || trimmed.length > LIMITS.paymentReferenceMax) {
      setError(
        trimmed
          ? `The reference must be ${LIMITS.paymentReferenceMax} characters or fewer`
          : 'A payment reference is required',
      );
      return;
    }
    try {
      await markPaid.mutateAsync({ checkoutId: invoice.checkoutId, reference: trimmed });
      toast.success(`${invoice.invoiceNumber ?? invoice.checkoutNumber} marked paid`);
      onDone();
    } catch (failure) {
      setError(actionFailed('Failed to mark the invoice paid', failure));
    }
  };
  const id = `reference-${invoice.checkoutId}`;
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-1" noValidate>
      <label htmlFor={id} className="text-xs font-semibold">
        Payment reference
      </label>
      <div className="flex gap-1">
        <input
          id={id}
          className="input input-bordered input-sm w-40"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          aria-invalid={error ? true : undefined}
          autoFocus
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={markPaid.isPending}>
          Record payment
        </button>
      </div>
      {error ? (
        <p role="alert" className="max-w-64 text-xs text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
};

/** The admin's open invoices on terms (decision 0112): who owes what, by when; Mark paid on each. */
export const TermsInvoicesTable = ({ invoices }: { invoices: TermsInvoice[] }) => {
  const [marking, setMarking] = useState<string | null>(null);
  return (
    <TableRegion label="Invoices on terms">
      <table className="table table-zebra @max-4xl:stacked-rows">
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Customer</th>
            <th scope="col">PO</th>
            <th scope="col">Due</th>
            <th scope="col">Unpaid</th>
            <th scope="col">Reminder</th>
            <th scope="col">Payment</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr
              key={invoice.checkoutId}
              data-testid="terms-invoice-row"
              data-checkout={invoice.checkoutNumber}
            >
              <td data-label="Invoice">
                {invoice.invoiceId ? (
                  <a
                    className="link link-primary font-mono"
                    href={`/api/invoices/${invoice.invoiceId}/pdf`}
                    download
                  >
                    {invoice.invoiceNumber}
                  </a>
                ) : (
                  '—'
                )}
                <span className="block font-mono text-xs text-base-content/75">{invoice.checkoutNumber}</span>
              </td>
              <td data-label="Customer">
                {invoice.customerName}
                <span className="block text-xs text-base-content/75">
                  <WrapPoints text={invoice.customerEmail} />
                </span>
              </td>
              <td data-label="PO" className="font-mono text-sm">
                {invoice.poReference ?? '—'}
              </td>
              <td data-label="Due" className="whitespace-nowrap">
                {dueDay(invoice.dueAt)}
                {invoice.overdue ? <span className="badge badge-error badge-sm ml-1">Overdue</span> : null}
              </td>
              <td data-label="Unpaid" className="whitespace-nowrap">
                $ {formatPrice(invoice.due)}
              </td>
              <td data-label="Reminder" className="text-sm">
                {invoice.remindedAt ? `Sent ${dueDay(invoice.remindedAt)}` : '—'}
              </td>
              <td data-action="mark-paid">
                {marking === invoice.checkoutId ? (
                  <MarkPaidForm invoice={invoice} onDone={() => setMarking(null)} />
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline whitespace-nowrap"
                    onClick={() => setMarking(invoice.checkoutId)}
                    aria-label={`Mark ${invoice.invoiceNumber ?? invoice.checkoutNumber} paid`}
                  >
                    Mark paid
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
};
