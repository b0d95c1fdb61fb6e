import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import type { MarkPaidBody, TermsInvoice } from '@forgeline/shared/schemas/payment-terms';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { actionFailed } from '@/lib/error-message';
import { DataTable } from '@/components/ui/data-table';
import { WrapPoints } from '@/components/ui/wrap-points';
import { useMarkPaid } from '../api/terms';
import { dueDay } from '@/lib/payment-state';

const markPaidResolver = lazyZodResolver<MarkPaidBody, MarkPaidBody>(() =>
  import('../schemas').then((schemas) => schemas.MarkPaidBodySchema),
);

/** Mark paid: the transfer's reference (a bank statement line), then one POST; the server's schema checks it here. */
const MarkPaidForm = ({ invoice, onDone }: { invoice: TermsInvoice; onDone: () => void }) => {
  const markPaid = useMarkPaid();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<MarkPaidBody, unknown, MarkPaidBody>({
    resolver: markPaidResolver,
    defaultValues: { reference: '' },
  });
  const submit = handleSubmit(async ({ reference }) => {
    setFailure(null);
    try {
      await markPaid.mutateAsync({ checkoutId: invoice.checkoutId, reference });
      toast.success(`${invoice.invoiceNumber ?? invoice.checkoutNumber} marked paid`);
      onDone();
    } catch (error) {
      setFailure(actionFailed('Failed to mark the invoice paid', error));
    }
  });
  const error = formState.errors.reference?.message ?? failure;
  const id = `reference-${invoice.checkoutId}`;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={markPaidResolver.preload}
      className="flex flex-col gap-1"
      noValidate
    >
      <label htmlFor={id} className="text-xs font-semibold">
        Payment reference
      </label>
      <div className="flex gap-1">
        <input
          id={id}
          className="input input-bordered input-sm w-40"
          aria-invalid={error ? true : undefined}
          autoFocus
          {...register('reference')}
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
    <DataTable
      label="Invoices on terms"
      stackBelow="4xl"
      columns={['Invoice', 'Customer', 'PO', 'Due', 'Unpaid', 'Reminder', 'Payment']}
      rows={invoices}
      renderRow={(invoice) => (
        <tr key={invoice.checkoutId} data-testid="terms-invoice-row" data-checkout={invoice.checkoutNumber}>
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
      )}
    />
  );
};
