import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type SubmitButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { isLoading?: boolean };

/**
 * A form's primary button: while `isLoading` it shows a spinner before its text and cannot be pressed
 * again; `className` adds to `btn btn-primary`. `type` defaults to submit; pass `type="button"` for an action outside a form.
 */
export const SubmitButton = ({
  isLoading = false,
  disabled,
  className = '',
  type = 'submit',
  children,
  ...rest
}: SubmitButtonProps) => (
  <button type={type} className={`btn btn-primary ${className}`} disabled={isLoading || disabled} {...rest}>
    {isLoading ? <Spinner /> : null}
    {children}
  </button>
);
