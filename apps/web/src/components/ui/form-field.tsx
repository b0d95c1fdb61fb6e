import {
  useId,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
// Types only: the plain auth forms render these fields before react-hook-form has loaded.
import type { FieldErrors, FieldPath, FieldValues, RegisterOptions, UseFormRegister } from 'react-hook-form';

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

/** What a control adds to `Field`: its own attributes, the label, the error and a hint. */
type LabelledProps<Attributes, Element> = Attributes & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<Element>;
};

/** Written out whole, so that Tailwind finds the classes in the source. */
const ERROR_CLASS = { input: 'input-error', select: 'select-error', textarea: 'textarea-error' } as const;

type ControlProps = ReturnType<typeof errorProps> & { id: string; className: string };

/**
 * `Field` around one control of daisyUI's kind `base` (input, select, textarea): the id (the one given,
 * else React's), the classes, red on an error, and the aria wiring go to the control `children` renders.
 */
const LabelledControl = ({
  id: given,
  label,
  error,
  hint,
  base,
  className,
  children,
}: {
  id: string | undefined;
  label: string;
  error: string | undefined;
  hint: ReactNode;
  base: keyof typeof ERROR_CLASS;
  className: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) => {
  const generated = useId();
  const id = given ?? generated;
  const classes = `${base} w-full ${error ? ERROR_CLASS[base] : ''} ${className ?? ''}`;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {children({ id, className: classes, ...errorProps(id, error) })}
    </Field>
  );
};

/** The common case: a labelled text input with its inline error, wired for screen readers. */
export const FormField = ({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: LabelledProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>) => (
  <LabelledControl id={id} label={label} error={error} hint={hint} base="input" className={className}>
    {(control) => <input {...control} {...input} />}
  </LabelledControl>
);

/** FormField for a select: the options come as children; `className` adds to `select w-full`. */
export const SelectField = ({
  id,
  label,
  error,
  hint,
  className,
  children,
  ...select
}: LabelledProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement>) => (
  <LabelledControl id={id} label={label} error={error} hint={hint} base="select" className={className}>
    {(control) => (
      <select {...control} {...select}>
        {children}
      </select>
    )}
  </LabelledControl>
);

/** FormField for a textarea; `className` adds to `textarea w-full` (a height, say). */
export const TextareaField = ({
  id,
  label,
  error,
  hint,
  className,
  ...textarea
}: LabelledProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>) => (
  <LabelledControl id={id} label={label} error={error} hint={hint} base="textarea" className={className}>
    {(control) => <textarea {...control} {...textarea} />}
  </LabelledControl>
);

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  /** Adds to the label's classes. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A small checkbox with its text, the whole line its label. */
export const CheckboxField = ({ label, className, ...input }: CheckboxFieldProps) => (
  <label className={`flex items-center gap-2 text-sm ${className ?? ''}`.trim()}>
    <input type="checkbox" className="checkbox checkbox-sm" {...input} />
    {label}
  </label>
);

/** The message of the error at a (dotted) field path, if any. */
const messageAt = (errors: FieldErrors, name: string): string | undefined => {
  let node: unknown = errors;
  for (const key of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * Binds the fields of a react-hook-form form: `field('name')` is `register('name')` with that value's
 * error, all a FormField, SelectField or TextareaField takes, so each field names its value once.
 */
export const fieldBinder =
  <T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) =>
  <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...register(name, options),
    error: messageAt(errors, name),
  });

/** A whole number (pieces, grams, days): the numeric keyboard, steps of one, none below `min` (0 unless given). */
export const CountField = (props: ComponentProps<typeof FormField>) => (
  <FormField type="number" inputMode="numeric" step="1" min="0" {...props} />
);

/** A sum in dollars: the decimal keyboard, steps of a cent, none below `min` (0 unless given). */
export const MoneyField = (props: ComponentProps<typeof FormField>) => (
  <FormField type="number" inputMode="decimal" step="0.01" min="0" {...props} />
);
