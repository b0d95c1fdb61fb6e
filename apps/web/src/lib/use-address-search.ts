import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';
import { KEEP_SCROLL } from './use-scroll-restoration';

/** A search is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The state of a search box whose term the address keeps (`?search=bearing`): Back, a reload or a shared
 * link find it again. `input` is what the box shows, `term` what is searched (the trimmed input,
 * debounced by `debounceMs`; clearing the box clears the term at once). The term is mirrored in the
 * address, replacing the history entry rather than adding one per search; a new term drops the `resets`
 * keys (a list's `page`: a new search starts on its first page).
 */
export const useAddressSearch = (param: string, debounceMs: number, resets: readonly string[] = []) => {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(param) ?? '';
  const [input, setInput] = useState(inUrl);
  const trimmed = input.trim();
  const [debounced, flush, settle] = useDebouncedValue(trimmed, debounceMs);
  const term = trimmed === '' ? '' : debounced;

  const lastUrlTerm = useRef(inUrl);
  // A term we have written to the address that it does not show yet: until it lands, the address's
  // old term is not a change "by itself" (taking it for one put a cleared search back in the box).
  const pendingWrite = useRef<string | null>(null);
  const resetKeys = resets.join(',');
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
          if (term) next.set(param, term);
          else next.delete(param);
          for (const key of resetKeys ? resetKeys.split(',') : []) next.delete(key);
          return next;
        },
        { replace: true, state: KEEP_SCROLL },
      );
    }
  }, [inUrl, term, settle, setParams, param, resetKeys]);

  return { input, setInput, term, flush };
};
