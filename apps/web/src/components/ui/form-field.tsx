import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

import { ERROR_TEXT_CLASS } from './alert';

/** A field's validation message (docs/product.md §5), in red under the control; nothing when there is none. */
export const ErrorText = ({ id, children }: { id?: string; children: ReactNode }) =>
  children ? (
    <p id={id} className={`mt-1 ${ERROR_TEXT_CLASS}`}>
      {children}
    </p>
  ) : null;

/** aria attributes of a control with an optional error (pairs with `Field`'s `${id}-error`). */
export const errorProps = (id: string, error: string | undefined) =>
  error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': false as const };

type FieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** A label, any control (input, select, textarea, file), an optional hint and the inline error. */
export const Field = ({ id, label, error, hint, children }: FieldProps) => (
  <div className="flex flex-col gap-1">
    <label htmlFor={id} className="text-sm font-semibold">
      {label}
    </label>
    {children}
    {hint ? <p className="text-xs text-base-content/70">{hint}</p> : null}
    <ErrorText id={`${id}-error`}>{error}</ErrorText>
  </div>
);

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** The common case: a labelled text input with its inline error, wired for screen readers. */
export const FormField = ({ label, error, hint, className, ref, ...input }: FormFieldProps) => {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        ref={ref}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        {...errorProps(id, error)}
        {...input}
      />
    </Field>
  );
};
