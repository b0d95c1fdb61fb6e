import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormBody, type HandOver } from './deferred-form';

/**
 * The live form's side of the switch, run once as it is put on screen (not when it renders: keys and a
 * press on the button can still reach the plain form until then): it takes the values typed (`setValue`);
 * then it submits itself if the plain form was submitted, or its button pressed, else gives the focus
 * back to the field that had it (lost with the plain form's field), the caret after what was typed.
 */
export const useHandOver = (
  handOver: () => HandOver,
  formRef: RefObject<HTMLFormElement | null>,
  setValue: (name: string, value: string) => void,
) => {
  const [read] = useState(() => handOver);
  const done = useRef(false);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form || done.current) return;
    done.current = true;
    const start = read();
    for (const [name, value] of Object.entries(start.values)) setValue(name, value);
    if (start.submit) return void form.requestSubmit();
    const input = start.focused ? form.elements.namedItem(start.focused) : null;
    // Only if the focus went with the plain form: a visitor who moved on keeps it where it is.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!(input instanceof HTMLInputElement) || !lost) return;
    input.focus();
    // The caret to the end (an email field has no setSelectionRange): setting a value puts it there.
    const { value } = input;
    input.value = '';
    input.value = value;
  }, [read, formRef, setValue]);
};

/**
 * The live form: `FormBody` with its errors, submitting through `onSubmit`; tells `onBusy` while it
 * submits (the login page's Google button waits meanwhile). The reset-password forms are live from the start.
 */
export const LiveForm = ({
  formRef,
  onSubmit,
  onFocus,
  onBusy,
  busy,
  label,
  ...body
}: Parameters<typeof FormBody>[0] & {
  label: string;
  busy: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onFocus: () => void;
  onBusy?: (busy: boolean) => void;
}) => {
  useEffect(() => onBusy?.(busy), [busy, onBusy]);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={onFocus}
      noValidate
      aria-label={label}
      className="space-y-4"
    >
      <FormBody {...body} busy={busy} />
    </form>
  );
};
