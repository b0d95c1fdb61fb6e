import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import {
  PaymentTermsBodySchema,
  type PaymentTerms,
  type PaymentTermsBody,
} from '@forgeline/shared/schemas/payment-terms';
import { TERMS_DAYS } from '@forgeline/shared/schema-constants';
import { type UserSummary } from '@forgeline/shared/schemas/user';
import { actionFailed } from '@/lib/error-message';
import { Alert } from '@/components/ui/alert';
import { useSetUserTerms, useUserTerms } from '../api/terms';

type TermsDialogProps = { user: UserSummary; onClose: () => void };

/**
 * Make Admin's 'Terms' dialog (decision 0112): approve a customer to pay by invoice, net 15/30/60 days,
 * with a credit limit; or withdraw it. Shows what of the limit their unpaid invoices use.
 */
const TermsDialog = ({ user, onClose }: TermsDialogProps) => {
  const terms = useUserTerms(user._id);
  const save = useSetUserTerms(user._id);
  return (
    <TermsEditorDialog
      subject={user.email}
      current={terms.data}
      save={save.mutateAsync}
      saving={save.isPending}
      onClose={onClose}
    />
  );
};

type TermsEditorProps = {
  /** Whose terms: an e-mail, a company's name. */
  subject: string;
  /** The terms in force; the form shows once they are known. */
  current: PaymentTerms | undefined;
  save: (body: PaymentTermsBody) => Promise<unknown>;
  saving: boolean;
  onClose: () => void;
};

/** The dialog of any customer's terms (a user's, a company's): its state, then the form. */
export const TermsEditorDialog = ({ subject, current, save, saving, onClose }: TermsEditorProps) => {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="terms-title" onClose={onClose}>
      <div className="modal-box max-w-md">
        <div className="mb-3 flex items-start justify-between gap-4">
          <h3 id="terms-title" className="text-lg font-bold break-all">
            Payment terms of {subject}
          </h3>
          <button
            type="button"
            className="btn btn-sm btn-circle btn-ghost"
            onClick={onClose}
            aria-label="Close"
          >
            ✕
          </button>
        </div>
        <p className="mb-3 text-sm" data-testid="terms-state">
          {current === undefined
            ? 'Loading…'
            : current.approved
              ? `Pays by invoice, net ${current.termsDays} days. Unpaid: $ ${formatPrice(current.used)} of $ ${formatPrice(current.creditLimit)}.`
              : 'Pays by card only.'}
        </p>
        {current ? (
          <TermsForm subject={subject} current={current} save={save} saving={saving} onClose={onClose} />
        ) : null}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close the dialog">
          close
        </button>
      </form>
    </dialog>
  );
};

/** The form, from the terms in force once they are loaded. */
const TermsForm = ({
  subject,
  current,
  save,
  saving,
  onClose,
}: TermsEditorProps & { current: PaymentTerms }) => {
  const [days, setDays] = useState(String(current.termsDays ?? 30));
  const [limit, setLimit] = useState(current.approved ? String(current.creditLimit) : '');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (body: unknown, done: string) => {
    setFailure(null);
    const parsed = PaymentTermsBodySchema.safeParse(body);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'Please check the terms.');
      return;
    }
    try {
      await save(parsed.data);
      toast.success(done);
      onClose();
    } catch (error) {
      setFailure(actionFailed('Failed to save the payment terms', error));
    }
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void submit(
      { terms: { termsDays: Number(days), creditLimit: limit === '' ? undefined : Number(limit) } },
      `${subject} may pay by invoice, net ${days} days`,
    );
  };

  return (
    <form onSubmit={onSave} className="flex flex-col gap-3" noValidate>
      <label className="form-control">
        <span className="label-text mb-1">Terms</span>
        <select className="select select-bordered" value={days} onChange={(e) => setDays(e.target.value)}>
          {TERMS_DAYS.map((n) => (
            <option key={n} value={n}>
              Net {n} days
            </option>
          ))}
        </select>
      </label>
      <label className="form-control">
        <span className="label-text mb-1">Credit limit ($)</span>
        <input
          className="input input-bordered"
          type="number"
          min="1"
          step="0.01"
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </label>
      <Alert>{failure}</Alert>
      <div className="flex flex-wrap justify-end gap-2">
        {current?.approved ? (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={saving}
            onClick={() => void submit({ terms: null }, `${subject} pays by card only`)}
          >
            Withdraw terms
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {current?.approved ? 'Save terms' : 'Approve pay by invoice'}
        </button>
      </div>
    </form>
  );
};

export default TermsDialog;
