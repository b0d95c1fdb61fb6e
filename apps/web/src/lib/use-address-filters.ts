import { useSearchParams } from 'react-router';

/**
 * A list's filters and page kept in the address, so Back, a reload or a shared link shows the same list.
 * `setFilters` sets or drops each key given (a change of filter starts again at page 1, and the history
 * gets one entry per change a person makes, or none with `replace`, for a correction the page makes
 * itself); `clearFilters` drops them all.
 */
export function useAddressFilters<Key extends string>() {
  const [params, setParams] = useSearchParams();
  const setFilters = (
    changes: Partial<Record<Key | 'page', string | undefined>>,
    { replace = false }: { replace?: boolean } = {},
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries<string | undefined>(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace });
  };
  const clearFilters = () => setParams(new URLSearchParams());
  return { params, setFilters, clearFilters };
}
