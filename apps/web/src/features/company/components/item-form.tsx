import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { FormActions } from '@/components/ui/form-actions';

/** What the form's foot shows: the failure (and its test id), the saving state and the submit text. */
type FootProps = Omit<ComponentProps<typeof FormActions>, 'onCancel' | 'className'>;

type ItemFormProps = FootProps & {
  /** Names the form: 'New …' or 'Edit …'. */
  label: string;
  /** react-hook-form's `handleSubmit(…)`: its promise is left to run, errors land in the form. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  /** Loads the form's schema as soon as a field is entered. */
  onFocus: () => void;
  onDone: () => void;
  children: ReactNode;
};

/**
 * The add or edit form of one item of a company panel (a delivery address, a part number): a card with
 * its fields in two columns from `sm`, then what the server refused, Save and Cancel across both.
 */
export const ItemForm = ({ label, onSubmit, onFocus, onDone, children, ...foot }: ItemFormProps) => (
  <form
    onSubmit={(event) => void onSubmit(event)}
    onFocus={onFocus}
    noValidate
    className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2"
    aria-label={label}
  >
    {children}
    <FormActions {...foot} onCancel={onDone} className="sm:col-span-2" />
  </form>
);
