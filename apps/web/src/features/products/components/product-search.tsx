import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@forgeline/shared/constants';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { KEEP_SCROLL } from '@/lib/use-scroll-restoration';
import { Spinner } from '@/components/ui/spinner';

/** A search is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The address keeps the searched term (?search=bearing): Back from a product, a reload or a shared link find it again. */
export const SEARCH_PARAM = 'search';

/**
 * The state of a product search box: `input` is what the box shows, `term` what is searched (the
 * trimmed input, debounced; clearing the box clears the term at once). The term is mirrored in the
 * address, replacing the history entry rather than adding one per search.
 */
export const useProductSearch = () => {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(SEARCH_PARAM) ?? '';
  const [input, setInput] = useState(inUrl);
  const trimmed = input.trim();
  const [debounced, flush, settle] = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const term = trimmed === '' ? '' : debounced;

  const lastUrlTerm = useRef(inUrl);
  // A term we have written to the address that it does not show yet: until it lands, the address's
  // old term is not a change "by itself" (taking it for one put a cleared search back in the box).
  const pendingWrite = useRef<string | null>(null);
  useEffect(() => {
    if (pendingWrite.current !== null) {
      if (inUrl !== pendingWrite.current) return;
      pendingWrite.current = null;
      lastUrlTerm.current = inUrl;
    }
    if (inUrl !== lastUrlTerm.current) {
      // The address changed by itself (Back, a link without a search): the box follows it.
      lastUrlTerm.current = inUrl;
      setInput(inUrl);
      settle(inUrl.trim());
    } else if (term !== inUrl) {
      lastUrlTerm.current = term;
      pendingWrite.current = term;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (term) next.set(SEARCH_PARAM, term);
          else next.delete(SEARCH_PARAM);
          return next;
        },
        { replace: true, state: KEEP_SCROLL },
      );
    }
  }, [inUrl, term, settle, setParams]);

  return { input, setInput, term, flush };
};

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
