type FilterSelectProps = {
  label: string;
  value: string | undefined;
  /** [value, what it reads]; 'All' (no value) comes first. */
  options: readonly (readonly [string, string])[];
  onChange: (value: string | undefined) => void;
};

/** One of a list's filters as a labelled select; 'All' drops the filter. */
export const FilterSelect = ({ label, value, options, onChange }: FilterSelectProps) => (
  <label className="flex flex-col text-sm">
    {label}
    <select
      className="select select-bordered"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">All</option>
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </select>
  </label>
);
