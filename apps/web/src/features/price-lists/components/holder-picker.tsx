import { useId, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-address-search';
import { useCompanySearch, useCustomerGroups } from '../api/price-lists';

export type HolderChoice = { kind: 'company' | 'group'; id: string; name: string };

/**
 * Chooses a company (found by name or tax ID) or a customer group: what a price list is given to, or
 * who may (or may not) see a part.
 */
export const HolderPicker = ({
  onChoose,
  disabled,
}: {
  onChoose: (holder: HolderChoice) => void;
  disabled?: boolean;
}) => {
  const id = useId();
  const [kind, setKind] = useState<'company' | 'group'>('company');
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const companies = useCompanySearch(kind === 'company' ? term : '');
  const groups = useCustomerGroups();
  const options: HolderChoice[] =
    kind === 'company'
      ? (companies.data ?? []).map((company) => ({ kind, id: company.id, name: company.name }))
      : (groups.data ?? []).map((group) => ({ kind, id: group.id, name: group.name }));
  const [chosen, setChosen] = useState('');
  const choice = options.find((option) => option.id === chosen) ?? options[0];

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-kind`}>
        <span className="font-semibold">Who</span>
        <select
          id={`${id}-kind`}
          className="select select-sm"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as 'company' | 'group');
            setChosen('');
          }}
        >
          <option value="company">A company</option>
          <option value="group">A customer group</option>
        </select>
      </label>
      {kind === 'company' ? (
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-search`}>
          <span className="font-semibold">Find company</span>
          <input
            id={`${id}-search`}
            type="search"
            className="input input-sm"
            placeholder="Name or tax ID"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
      ) : null}
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-choice`}>
        <span className="font-semibold">{kind === 'company' ? 'Company' : 'Group'}</span>
        <select
          id={`${id}-choice`}
          className="select select-sm min-w-48"
          value={choice?.id ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          disabled={options.length === 0}
        >
          {options.length === 0 ? (
            <option value="">{kind === 'company' ? 'Type to find a company' : 'No groups yet'}</option>
          ) : null}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={disabled || !choice}
        onClick={() => {
          if (choice) onChoose(choice);
        }}
      >
        Add
      </button>
    </div>
  );
};
