import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ApprovalResult, OrderRequest } from '@forgeline/shared/schemas/company';
import { Alert } from '@/components/ui/alert';
import { Field, errorProps } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useApproveRequest, useRejectRequest } from '../api/requests';

/** Approve with an optional comment, or reject with the comment the buyer needs (the shared schemas' rules). */
export const DecisionForm = ({
  request,
  onApproved,
}: {
  request: OrderRequest;
  onApproved: (result: ApprovalResult) => void;
}) => {
  const id = useId();
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, getValues, setError, clearErrors, formState } = useForm<{ comment: string }>({
    defaultValues: { comment: '' },
  });
  const error = formState.errors.comment?.message;

  // Each button checks the comment by its own schema: optional to approve, required to reject.
  const decide = async (decision: 'approve' | 'reject') => {
    setFailure(null);
    clearErrors();
    const schemas = await import('../schemas');
    const schema =
      decision === 'approve' ? schemas.RequestDecisionBodySchema : schemas.RequestRejectionBodySchema;
    const parsed = schema.safeParse({ comment: getValues('comment') || undefined });
    if (!parsed.success) {
      setError('comment', { message: parsed.error.issues[0]?.message ?? 'Please check the comment' });
      return;
    }
    const comment = parsed.data.comment ?? '';
    try {
      if (decision === 'approve') {
        const result = await approve.mutateAsync({ id: request.id, ...(comment && { comment }) });
        toast.success(`Approved: checkout ${result.checkout.number} placed.`);
        onApproved(result);
      } else {
        await reject.mutateAsync({ id: request.id, comment });
        toast.success(`Request ${request.number} rejected.`);
      }
    } catch (caught) {
      setFailure(errorMessage(caught, 'The decision could not be saved. Please try again.'));
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2 border-t border-base-300 pt-3"
      aria-label={`Decide on ${request.number}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field id={id} label="Comment (required to reject)" error={error}>
        <input id={id} className="input w-full" {...errorProps(id, error)} {...register('comment')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          className="btn-sm"
          isLoading={approve.isPending}
          disabled={reject.isPending}
          onClick={() => void decide('approve')}
        >
          Approve
        </SubmitButton>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={approve.isPending || reject.isPending}
          onClick={() => void decide('reject')}
        >
          Reject
        </button>
      </div>
      <Alert>{failure}</Alert>
    </form>
  );
};
