import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import type {
  PaymentTerms,
  PaymentTermsBody,
  PaymentTermsFormInput,
} from '@forgeline/shared/schemas/payment-terms';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { TERMS_DAYS } from '@forgeline/shared/schema-constants';
import type { UserSummary } from '@forgeline/shared/schemas/user';
import { actionFailed } from '@/lib/error-message';
import { Alert } from '@/components/ui/alert';
import { useSetUserTerms, useUserTerms } from '../api/terms';
import { ModalDialog } from '@/components/ui/modal-header';

type PaymentTermsTerms = NonNullable<PaymentTermsBody['terms']>;
// zod and the schema load with the form's first validation (docs/decisions/0042).
const termsResolver = lazyZodResolver<PaymentTermsFormInput, PaymentTermsTerms>(() =>
  import('../schemas').then((schemas) => schemas.PaymentTermsFormSchema),
);

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
export const TermsEditorDialog = ({ subject, current, save, saving, onClose }: TermsEditorProps) => (
  <ModalDialog
    open
    titleId="terms-title"
    title={`Payment terms of ${subject}`}
    headerClassName="mb-3"
    titleClassName="text-lg font-bold break-all"
    boxClassName="max-w-md"
    onClose={onClose}
  >
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
  </ModalDialog>
);

/** The form, from the terms in force once they are loaded. */
const TermsForm = ({
  subject,
  current,
  save,
  saving,
  onClose,
}: TermsEditorProps & { current: PaymentTerms }) => {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PaymentTermsFormInput, unknown, PaymentTermsTerms>({
    resolver: termsResolver,
    defaultValues: {
      termsDays: String(current.termsDays ?? 30),
      creditLimit: current.approved ? String(current.creditLimit) : '',
    },
  });

  const saveTerms = async (body: PaymentTermsBody, done: string) => {
    setFailure(null);
    try {
      await save(body);
      toast.success(done);
      onClose();
    } catch (error) {
      setFailure(actionFailed('Failed to save the payment terms', error));
    }
  };
  const onSave = handleSubmit((terms) =>
    saveTerms({ terms }, `${subject} may pay by invoice, net ${terms.termsDays} days`),
  );
  const invalid = formState.errors.termsDays?.message ?? formState.errors.creditLimit?.message;

  return (
    <form
      onSubmit={(event) => void onSave(event)}
      onFocus={termsResolver.preload}
      className="flex flex-col gap-3"
      noValidate
    >
      <label className="form-control">
        <span className="label-text mb-1">Terms</span>
        <select className="select select-bordered" {...register('termsDays')}>
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
          {...register('creditLimit')}
        />
      </label>
      <Alert>{invalid ?? failure}</Alert>
      <div className="flex flex-wrap justify-end gap-2">
        {current?.approved ? (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={saving}
            onClick={() => void saveTerms({ terms: null }, `${subject} pays by card only`)}
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
