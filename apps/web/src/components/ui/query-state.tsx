import type { ReactNode } from 'react';
import { Loading } from './spinner';

/** What QueryState reads of a TanStack query (useQuery, useInfiniteQuery and their placeholders). */
export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: Error | null;
  refetch: () => unknown;
};

/** The sentence when the data could not be loaded, or a function of the error. */
type ErrorText = ReactNode | ((error: Error) => ReactNode);

/**
 * What a query's states say. `subject` names what loads as it reads after 'Loading' ('the audit log',
 * 'your cart'): the spinner announces "Loading the audit log", a failure says "The audit log could not
 * be loaded.". `loadingLabel` and `errorText` replace a sentence that reads otherwise.
 */
export type LoadingWords =
  | { subject: string; loadingLabel?: string; errorText?: ErrorText }
  | { subject?: undefined; loadingLabel: string; errorText: ErrorText };

/** The spinner's label and the failure's sentence of `words`. */
const loadingTexts = (words: LoadingWords) => {
  const subject = words.subject ?? '';
  return {
    loadingLabel: words.loadingLabel ?? `Loading ${subject}`,
    errorText:
      words.errorText ?? `${subject.charAt(0).toUpperCase()}${subject.slice(1)} could not be loaded.`,
  };
};

type QueryStateOptions<T> = {
  query: QueryLike<T>;
  /** In place of the 'Try again' button (e.g. a link back). */
  errorAction?: ReactNode;
  /** When the data counts as empty, and what to show then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

type QueryStateProps<T> = LoadingWords & QueryStateOptions<T>;

/** The box of an empty list: dashed, grey, with a sentence and maybe a way on. */
export const EmptyState = ({ children }: { children: ReactNode }) => (
  <div className="rounded-box border border-dashed border-base-300 bg-base-200 p-6" data-testid="empty-state">
    {children}
  </div>
);

/**
 * The loading → error → empty → data ladder of every list and detail page, in one place. An error shows
 * only when there is nothing to show: data kept from before (a placeholder, an earlier fetch) stays.
 */
export const QueryState = <T,>({
  query,
  errorAction,
  isEmpty,
  empty,
  children,
  ...words
}: QueryStateProps<T>) => {
  const { loadingLabel, errorText } = loadingTexts(words);
  if (query.data !== undefined) {
    return isEmpty?.(query.data) && empty !== undefined ? (
      <EmptyState>{empty}</EmptyState>
    ) : (
      children(query.data)
    );
  }
  if (query.isError && query.error) {
    return (
      <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
        <p>{typeof errorText === 'function' ? errorText(query.error) : errorText}</p>
        {errorAction ?? (
          <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return <Loading label={loadingLabel} />;
};

const hasNoItems = (data: readonly unknown[]) => data.length === 0;

/** QueryState of a list: `empty` shows when it has no items. */
export const ListQueryState = <T,>(props: LoadingWords & Omit<QueryStateOptions<T[]>, 'isEmpty'>) => (
  <QueryState {...props} isEmpty={hasNoItems} />
);
