import { useRef } from 'react';
import { LIMITS } from '@forgeline/shared/constants';
import { SEARCH_DEBOUNCE_MS, useAddressSearch } from '@/lib/use-address-search';
import { Spinner } from '@/components/ui/spinner';

/** The address keeps the searched term (?search=bearing): Back from a product, a reload or a shared link find it again. */
export const SEARCH_PARAM = 'search';

/** The state of a product search box, its term kept in the address as ?search= (useAddressSearch). */
export const useProductSearch = () => useAddressSearch(SEARCH_PARAM, SEARCH_DEBOUNCE_MS);

type ProductSearchProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now, without waiting for the debounce. */
  onSubmit?: () => void;
  /** A search is on its way: a spinner replaces the magnifier. */
  busy?: boolean;
  className?: string;
};

const MagnifierIcon = () => (
  <svg viewBox="0 0 20 20" className="size-5 shrink-0 text-base-content/60" aria-hidden="true">
    <path
      fill="currentColor"
      fillRule="evenodd"
      d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * 'Search products': a search box by product name with a clear button (Escape clears too). Its height
 * is fixed, so nothing around it moves when the clear button or the spinner appears.
 */
export const ProductSearch = ({
  id,
  value,
  onChange,
  onSubmit,
  busy = false,
  className = '',
}: ProductSearchProps) => {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onChange('');
    input.current?.focus();
  };

  return (
    <form
      role="search"
      aria-label="Products"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <div className="input h-12 w-full gap-2 bg-base-100 pr-1.5">
        {busy ? <Spinner className="shrink-0 text-primary" data-testid="search-busy" /> : <MagnifierIcon />}
        <input
          ref={input}
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              onChange('');
            }
          }}
          maxLength={LIMITS.searchMax}
          placeholder="Search products by name"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="min-w-0 grow text-base [&::-webkit-search-cancel-button]:hidden"
        />
        {value ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle shrink-0"
            onClick={clear}
            aria-label="Clear search"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z"
              />
            </svg>
          </button>
        ) : null}
      </div>
    </form>
  );
};
