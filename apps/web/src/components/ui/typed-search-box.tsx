import { LIMITS } from '@forgeline/shared/constants';

/**
 * The search box of an admin list that searches as one types (lib/use-address-search.ts): Enter sends
 * the term at once instead of waiting for the pause.
 */
export const TypedSearchBox = ({
  name,
  placeholder,
  input,
  onInput,
  onSubmit,
}: {
  /** What the list holds, for screen readers: 'Users' → a search landmark 'Users', a box 'Search users'. */
  name: string;
  placeholder: string;
  input: string;
  onInput: (value: string) => void;
  onSubmit: () => void;
}) => (
  <form
    role="search"
    aria-label={name}
    className="mb-4 max-w-md"
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    <label className="input h-12 w-full bg-base-100">
      <span className="sr-only">Search {name.toLowerCase()}</span>
      <input
        type="search"
        value={input}
        onChange={(event) => onInput(event.target.value)}
        maxLength={LIMITS.searchMax}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className="min-w-0 grow text-base"
      />
    </label>
  </form>
);
