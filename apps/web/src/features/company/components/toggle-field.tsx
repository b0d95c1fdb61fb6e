import type { InputHTMLAttributes, Ref } from 'react';

type ToggleFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: string;
  ref?: Ref<HTMLInputElement>;
};

/** A yes/no setting of the company forms as a switch, its whole line clickable. */
export const ToggleField = ({ label, ...input }: ToggleFieldProps) => (
  <label className="flex cursor-pointer items-center gap-3">
    <input type="checkbox" className="toggle toggle-primary" {...input} />
    <span>{label}</span>
  </label>
);
