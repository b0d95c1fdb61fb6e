import type { ReactNode } from 'react';
import { Alert } from './alert';
import { SubmitButton } from './submit-button';

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
}: {
  failure: ReactNode;
  failureTestId?: string;
  saving: boolean;
  submitText: ReactNode;
  /** No Cancel button without it. */
  onCancel?: () => void;
  className?: string;
}) => (
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
