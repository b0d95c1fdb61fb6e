import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';

type SchemaFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  /** react-hook-form's `handleSubmit(…)`: its promise is left to run, errors land in the form. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
};

/**
 * A form checked by its zod schema, not by the browser, submitted by react-hook-form: its `onSubmit`
 * and `onFocus` are usually `useSchemaForm`'s `submit(…)`, spread.
 */
export const SchemaForm = ({ onSubmit, ...rest }: SchemaFormProps) => (
  <form onSubmit={(event) => void onSubmit(event)} noValidate {...rest} />
);

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
