import type { Ref, SelectHTMLAttributes } from 'react';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '@forgeline/shared/company-roles';
import { Field, errorProps } from './form-field';

type RoleSelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * 'Role': a labelled select of a member's company roles (decision 0213), as the company admin's invite
 * and member forms and the shop admin's attach and member forms ask it, with the inline error.
 */
export const RoleSelect = ({ id, error, ...select }: RoleSelectProps) => (
  <Field id={id} label="Role" error={error}>
    <select id={id} {...errorProps(id, error)} {...select}>
      {COMPANY_ROLES.map((role) => (
        <option key={role} value={role}>
          {COMPANY_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  </Field>
);
