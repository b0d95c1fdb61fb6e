import { useId, useMemo, type SelectHTMLAttributes } from 'react';
import { countryOptions } from '@forgeline/shared/countries';
import { Field, errorProps } from './form-field';

/** A labelled select of every ISO 3166 country, by name (the value is the two-letter code). */
export const CountrySelect = ({
  label,
  error,
  hint,
  placeholder = 'Choose a country',
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
}) => {
  const id = useId();
  const options = useMemo(() => countryOptions(), []);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        {...errorProps(id, error)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} ({option.code})
          </option>
        ))}
      </select>
    </Field>
  );
};
