import { useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '@forgeline/shared/schemas/product';
import { productKeys } from '@/lib/query-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-address-search';

/** Finds parts by part number or name (the catalogue's own search, GET /api/products?search=). */
export type SearchParts = (term: string, signal: AbortSignal) => Promise<Product[]>;

const partLabel = (part: Product) => `${part.sku} · ${part.name}`;

/**
 * Picks a part by typing its part number or a word of its name: an ARIA 1.2 combobox (an input with a
 * listbox popup). Arrow keys move through the matches, Enter chooses, Escape closes; the number of
 * matches is announced. Typing again after a choice clears it until another part is chosen.
 */
export const PartCombobox = ({
  id,
  selected,
  onSelect,
  search,
}: {
  id: string;
  selected: Product | null;
  onSelect: (part: Product | null) => void;
  search: SearchParts;
}) => {
  const listId = useId();
  const [text, setText] = useState(selected ? partLabel(selected) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [term] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = open && term !== '' && !(selected && text === partLabel(selected));
  const results = useQuery({
    queryKey: [...productKeys.all, 'part-picker', term],
    queryFn: ({ signal }) => search(term, signal),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const options = searching ? (results.data ?? []) : [];
  const expanded = searching && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (part: Product) => {
    onSelect(part);
    setText(partLabel(part));
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => (now + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded) {
      // Enter chooses the highlighted part rather than submitting the form.
      event.preventDefault();
      const part = options[Math.min(active, options.length - 1)];
      if (part) choose(part);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        className="input input-bordered w-full"
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Part number or name"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(Math.min(active, options.length - 1)) : undefined}
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (selected) onSelect(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching parts"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-box border border-base-300 bg-base-100 p-1 shadow"
      >
        {options.map((part, index) => (
          <li
            key={part._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer rounded px-3 py-2 text-sm ${index === active ? 'bg-base-300' : ''}`}
            // Keeps the focus in the input, so the choice is made before blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(part)}
          >
            <span className="font-mono">{part.sku}</span> · {part.name}
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {searching && !results.isFetching
          ? options.length === 0
            ? 'No part matches'
            : `${options.length} parts match`
          : ''}
      </p>
    </div>
  );
};
