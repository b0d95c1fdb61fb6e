import type { FormEvent } from 'react';
import { formatValue, shownUnit, toDisplay, type AttributeDef } from '@forgeline/shared/catalogue';
import type { BrowseResult } from '@forgeline/shared/schemas/catalogue';
import { formText } from '@/lib/form-text';

/** A change of the page's address: a parameter set to a value, or removed (null). */
export type ParamChange = Record<string, string | null>;

type FacetFiltersProps = {
  result: BrowseResult;
  /** The address's own parameters: what is chosen shows at once, before the answer for it arrives. */
  params: Record<string, string>;
  onChange: (change: ParamChange) => void;
};

/**
 * The filters of a category page: for each attribute the values with the count of parts behind each
 * (among those passing the other filters), a range for numbers, yes/no for flags. Every choice is a
 * change of the address, so it can be shared and Back undoes it.
 */
export const FacetFilters = ({ result, params, onChange }: FacetFiltersProps) => (
  <div className="flex flex-col gap-5" data-testid="facet-filters">
    {result.category?.inches && (
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">Lengths in</legend>
        <div className="join">
          {(['mm', 'in'] as const).map((unit) => (
            <button
              key={unit}
              type="button"
              aria-pressed={result.unit === unit}
              className={`btn join-item btn-sm ${result.unit === unit ? 'btn-primary' : 'btn-outline'}`}
              // The filters in force are restated in the other unit, so they keep meaning the same parts.
              onClick={() => onChange({ unit: unit === 'mm' ? null : 'in', ...lengthsIn(result, unit) })}
            >
              {unit}
            </button>
          ))}
        </div>
      </fieldset>
    )}
    {result.attributes.map((attribute) => (
      <Facet
        key={attribute.key}
        attribute={attribute}
        result={result}
        current={params[attribute.key]}
        onChange={onChange}
      />
    ))}
  </div>
);

/** The range filters on lengths, written in `unit` (from the page's own unit). */
function lengthsIn(result: BrowseResult, unit: 'mm' | 'in'): ParamChange {
  const change: ParamChange = {};
  if (unit === result.unit) return change;
  const factor = unit === 'in' ? 1 / 25.4 : 25.4;
  for (const attribute of result.attributes) {
    const filter = result.filters[attribute.key];
    if (!filter || attribute.unit !== 'mm') continue;
    const [min = '', max = ''] = filter.split('..');
    const convert = (end: string) =>
      end === '' ? '' : String(Number((Number(end) * factor).toPrecision(6)));
    change[attribute.key] = `${convert(min)}..${convert(max)}`;
  }
  return change;
}

type FacetProps = {
  attribute: AttributeDef;
  result: BrowseResult;
  current: string | undefined;
  onChange: (change: ParamChange) => void;
};

const Facet = ({ attribute, result, current, onChange }: FacetProps) => {
  const facet = result.facets.find((candidate) => candidate.key === attribute.key);
  const unit = shownUnit(attribute, result.unit);
  const id = `facet-${attribute.key}`;
  const clear = current ? (
    <button type="button" className="link text-xs" onClick={() => onChange({ [attribute.key]: null })}>
      Clear
    </button>
  ) : null;

  if (attribute.type === 'number') {
    const [min = '', max = ''] = current?.split('..') ?? [];
    const apply = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      const from = formText(form, 'min') ?? '';
      const to = formText(form, 'max') ?? '';
      onChange({ [attribute.key]: from || to ? `${from}..${to}` : null });
    };
    return (
      <fieldset aria-labelledby={id}>
        <div className="mb-1 flex items-baseline justify-between">
          <legend id={id} className="text-sm font-semibold">
            {attribute.label}
            {unit ? ` (${unit})` : ''}
          </legend>
          {clear}
        </div>
        {/* Keyed by the filter, so the boxes show what the address says after Back. */}
        <form key={current ?? ''} onSubmit={apply} className="flex items-end gap-2">
          {(
            [
              ['min', 'From', min],
              ['max', 'To', max],
            ] as const
          ).map(([name, word, value]) => (
            <label key={name} className="flex-1 text-xs">
              {word}
              <input
                name={name}
                inputMode="decimal"
                defaultValue={value}
                className="input input-sm w-full"
                aria-label={`${attribute.label} ${word.toLowerCase()}`}
              />
            </label>
          ))}
          <button type="submit" className="btn btn-sm btn-outline">
            Apply
          </button>
        </form>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {facet?.values.map(({ value, count }) => {
            const shown = formatValue(attribute, value, result.unit);
            // The value itself in the address (not its rounded label), so the chip finds its parts.
            const exact = String(toDisplay(attribute, value as number, result.unit));
            return (
              <li key={String(value)}>
                <button
                  type="button"
                  aria-label={`${attribute.label} ${shown}, ${count} ${count === 1 ? 'part' : 'parts'}`}
                  className={`badge badge-lg gap-1 ${current === `${exact}..${exact}` ? 'badge-primary' : 'badge-outline'}`}
                  onClick={() => onChange({ [attribute.key]: `${exact}..${exact}` })}
                >
                  {shown} <span className="opacity-70">({count})</span>
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
    );
  }

  const chosen = (current?.split(',') ?? []).map((value) =>
    attribute.type === 'choice'
      ? (attribute.options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value)
      : value,
  );
  const values =
    attribute.type === 'choice'
      ? attribute.options.map((option) => ({ raw: option, value: option as string | boolean }))
      : [
          { raw: 'yes', value: true as string | boolean },
          { raw: 'no', value: false as string | boolean },
        ];
  const toggle = (raw: string) => {
    if (attribute.type === 'boolean') return onChange({ [attribute.key]: current === raw ? null : raw });
    const next = chosen.includes(raw) ? chosen.filter((value) => value !== raw) : [...chosen, raw];
    return onChange({ [attribute.key]: next.length > 0 ? next.join(',') : null });
  };
  return (
    <fieldset aria-labelledby={id}>
      <div className="mb-1 flex items-baseline justify-between">
        <legend id={id} className="text-sm font-semibold">
          {attribute.label}
        </legend>
        {clear}
      </div>
      <ul className="flex flex-col gap-1">
        {values.map(({ raw, value }) => {
          const count = facet?.values.find((entry) => entry.value === value)?.count ?? 0;
          const checked = attribute.type === 'boolean' ? current === raw : chosen.includes(raw);
          if (count === 0 && !checked) return null;
          return (
            <li key={raw}>
              <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={checked}
                  onChange={() => toggle(raw)}
                />
                <span>{formatValue(attribute, value)}</span>
                <span className="text-base-content/70">({count})</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
};
