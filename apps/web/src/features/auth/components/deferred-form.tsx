import { startTransition, Suspense, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';

/** One text field of an auth form: the plain form and the live one render it alike. */
export type FieldSpec = {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  placeholder: string;
};

/** The e-mail field of the login, sign-up and reset forms. */
export const EMAIL_FIELD: FieldSpec = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'Your Email',
};

/** What the live form takes over from the plain one: what was typed, the field that had the focus, a submit. */
export type HandOver = { values: Record<string, string>; focused: string | null; submit: boolean };

type FormShape = {
  /** The form's accessible name. */
  label: string;
  fields: readonly FieldSpec[];
  submitLabel: string;
  /** Shown between the fields and the button (a 'Forgot Password?' link). */
  extra?: ReactNode;
};

/**
 * The fields, `extra` and the button of a form, with each field's error (none in the plain form); the
 * button is off while `submitDisabled` (an empty form that has nothing to send).
 */
export const FormBody = ({
  fields,
  submitLabel,
  extra,
  errors = {},
  busy = false,
  submitDisabled,
  register = (name) => ({ name }),
}: Omit<FormShape, 'label'> & {
  errors?: Partial<Record<string, { message?: string | undefined }>>;
  busy?: boolean;
  submitDisabled?: boolean;
  register?: (name: string) => object;
}) => (
  <>
    {fields.map(({ name, ...field }) => (
      <FormField key={name} {...field} error={errors[name]?.message} {...register(name)} />
    ))}
    {extra}
    <SubmitButton className="w-full" isLoading={busy} disabled={submitDisabled}>
      {submitLabel}
    </SubmitButton>
  </>
);

/**
 * An auth form that is plain HTML until the visitor reaches for it: a field's focus or a submit loads its
 * code (react-hook-form, 15 KB gzip, and the sign-in call), which no first view of /login or /signup then
 * fetches (docs/decisions/0277, after the newsletter box of 0272). The switch is a transition: the plain
 * form stays on screen and keeps taking keys until `Form` is in; `Form` then takes over (`useHandOver` of live-form.tsx), as it is put on screen.
 * A pointer on the button does not start it: a button swapped between press and release loses the click.
 */
export const DeferredForm = <P extends object>({
  Form,
  formProps,
  ...shape
}: FormShape & { Form: ComponentType<P & { handOver: () => HandOver }>; formProps: P }) => {
  // null: the plain form; then whether a submit is to be handed over.
  const [submit, setSubmit] = useState<boolean | null>(null);
  // Kept past the plain form's removal: keys can arrive while the live form renders.
  const typed = useRef<Omit<HandOver, 'submit'>>({ values: {}, focused: null });
  // The button is down: should the live form arrive before its release, the click would be lost, so the
  // live form submits itself instead.
  const pressed = useRef(false);
  const touched = (submitting: boolean) =>
    startTransition(() => setSubmit((before) => Boolean(before) || submitting));
  const field = (target: EventTarget) => (target instanceof HTMLInputElement ? target : null);
  return (
    <Suspense fallback={null}>
      {submit === null ? (
        <form
          onFocus={(event) => {
            const input = field(event.target);
            if (!input) return;
            typed.current.focused = input.name;
            touched(false);
          }}
          onChange={(event) => {
            const input = field(event.target);
            if (input) typed.current.values[input.name] = input.value;
          }}
          onPointerDown={(event) => {
            if (event.target instanceof Element && event.target.closest('button[type="submit"]'))
              pressed.current = true;
          }}
          onPointerUp={() => (pressed.current = false)}
          onSubmit={(event) => {
            event.preventDefault();
            touched(true);
          }}
          noValidate
          aria-label={shape.label}
          className="space-y-4"
        >
          <FormBody {...shape} />
        </form>
      ) : (
        <Form {...formProps} handOver={() => ({ ...typed.current, submit: submit || pressed.current })} />
      )}
    </Suspense>
  );
};
