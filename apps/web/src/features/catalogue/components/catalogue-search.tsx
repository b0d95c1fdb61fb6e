import { useDeferredValue, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSuggestions } from '../api/get-suggestions';

/**
 * The catalogue's search box: while typing it offers parts by part number (any spelling) or name; a
 * part number chosen or typed whole opens its part, anything else searches (docs/decisions/0180, 0220).
 */
export const CatalogueSearch = ({
  initial,
  placeholder,
  onSearch,
}: {
  initial: string;
  placeholder: string;
  onSearch: (text: string) => void;
}) => {
  const [typed, setTyped] = useState(initial);
  const deferred = useDeferredValue(typed.trim());
  const suggestions = useSuggestions(deferred).data ?? [];
  const navigate = useNavigate();
  const listId = useId();
  return (
    <form
      role="search"
      className="mt-4 flex max-w-xl gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const text = typed.trim();
        const part = suggestions.find((suggestion) => suggestion.sku === text.toUpperCase());
        if (part) void navigate(paths.product.getHref(part._id));
        else onSearch(text);
      }}
    >
      <input
        name="q"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        list={listId}
        autoComplete="off"
        placeholder={placeholder}
        aria-label="Search the catalogue"
        className="input flex-1"
      />
      <datalist id={listId} data-testid="suggestions">
        {suggestions.map((suggestion) => (
          <option key={suggestion._id} value={suggestion.sku} label={suggestion.name} />
        ))}
      </datalist>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
};
