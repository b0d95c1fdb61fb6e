import { useEffect, useRef, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';

type SchemaFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  /** react-hook-form's `handleSubmit(…)`: its promise is left to run, errors land in the form. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  /**
   * A form a button opens (Edit a member above a long table, Return pieces): it is scrolled into sight
   * with its first field focused, and closing it gives the focus back to that button.
   */
  reveal?: boolean;
};

type CardFormProps = Omit<SchemaFormProps, 'className' | 'title'> & {
  /**
   * The heading over the fields: an h3, or an h4 inside a section that has its own h3. A text title
   * also names the form, unless `aria-label` or `aria-labelledby` names it otherwise.
   */
  title?: ReactNode;
  titleLevel?: 3 | 4;
  /** Adds to the card's classes, e.g. a width. */
  className?: string;
  children: ReactNode;
};

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** `reveal`'s work: on a phone the form would otherwise open off screen, and a save drop the focus. */
const useReveal = (reveal: boolean) => {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!reveal || !form.current) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    form.current.scrollIntoView?.({ block: 'nearest' });
    form.current.querySelector<HTMLElement>(FIELD)?.focus({ preventScroll: true });
    return () => {
      // Only when the focus went with the form (saved, cancelled), not when the person moved on.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [reveal]);
  return form;
};

/**
 * A form checked by its zod schema, not by the browser, submitted by react-hook-form: its `onSubmit`
 * and `onFocus` are usually `useSchemaForm`'s `submit(…)`, spread.
 */
export const SchemaForm = ({ onSubmit, reveal = false, className, ...rest }: SchemaFormProps) => {
  const form = useReveal(reveal);
  return (
    <form
      ref={form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      // scroll-mt-20: a revealed form stops clear of the sticky header.
      className={reveal ? `scroll-mt-20 ${className ?? ''}`.trim() : className}
      {...rest}
    />
  );
};

/**
 * An editing form in a bordered card (add a part, a member, a category): no browser validation, the
 * zod schema speaks instead; the fields and FormActions come as children.
 */
export const CardForm = ({
  onSubmit,
  title,
  titleLevel = 3,
  className = '',
  children,
  ...rest
}: CardFormProps) => (
  <SchemaForm
    onSubmit={onSubmit}
    className={`flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 ${className}`.trim()}
    aria-label={typeof title === 'string' && !rest['aria-labelledby'] ? title : undefined}
    {...rest}
  >
    {title === undefined ? null : titleLevel === 4 ? (
      <h4 className="font-semibold">{title}</h4>
    ) : (
      <h3 className="text-lg font-bold">{title}</h3>
    )}
    {children}
  </SchemaForm>
);
