import type { ReactNode } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';
import { Alert } from './alert';
import { SubmitButton } from './submit-button';

type FormActionsProps = {
  failure: ReactNode;
  failureTestId?: string;
  saving: boolean;
  submitText: ReactNode;
  /** No Cancel button without it. */
  onCancel?: () => void;
  className?: string;
};

/**
 * The foot of an editing form: what the server refused (announced), then the submit button and Cancel.
 * `className` goes on both, e.g. to span a grid form's columns.
 */
export const FormActions = ({
  failure,
  failureTestId,
  saving,
  submitText,
  onCancel,
  className = '',
}: FormActionsProps) => (
  <>
    <Alert data-testid={failureTestId} className={className}>
      {failure}
    </Alert>
    <div className={`flex flex-wrap gap-2 ${className}`.trim()}>
      <SubmitButton isLoading={saving}>{submitText}</SubmitButton>
      {onCancel ? (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  </>
);

/**
 * FormActions of a react-hook-form form whose submit sets the server's refusal on `root`: the failure
 * and the saving state come from its formState.
 */
export const FormStateActions = <T extends FieldValues>({
  formState,
  ...rest
}: Omit<FormActionsProps, 'failure' | 'saving'> & { formState: FormState<T> }) => (
  <FormActions failure={formState.errors.root?.message} saving={formState.isSubmitting} {...rest} />
);
