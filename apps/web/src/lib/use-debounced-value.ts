import { useCallback, useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs` (e.g. a search box: one request per pause in
 * typing, not per key). `flush()` takes the current value at once (Enter in the search box);
 * `settle(next)` makes `next` the debounced value at once (the box was set from outside).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void, (next: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush, setDebounced];
}
