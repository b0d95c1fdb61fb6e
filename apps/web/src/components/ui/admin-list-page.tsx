import { useEffect, type ReactNode } from 'react';
import { QueryState, type LoadingWords } from './query-state';
import { Pager } from './pager';

type ListQuery<T> = {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  data: T | undefined;
  error: Error | null;
  refetch: () => unknown;
};

type AdminListPageProps<T> = LoadingWords & {
  title: string;
  /** The count after the title: "(Total: 42)", "(Total: 20+)" when the server stopped counting (`capped`). */
  count?: { label?: string; value: number; capped?: boolean; suffix?: string; testId: string };
  /** Beside the title (e.g. 'New company'). */
  actions?: ReactNode;
  /** Between the title and the toolbar: the form that opens from `actions`, a search box of its own. */
  above?: ReactNode;
  /** The search box and filters; `toolbarLabel` names them for screen readers ('Find orders'). */
  toolbar?: ReactNode;
  toolbarLabel?: string;
  /** A panel the toolbar opens, between it and the list (e.g. the CSV import). */
  panel?: ReactNode;
  /** Some filter is set: 'Clear filters' shows at the end of the toolbar and calls `onClear`. */
  filtered?: boolean;
  onClear?: () => void;
  query: ListQuery<T>;
  /** Absent: empty when the list, or the page's `data`, has no rows. */
  isEmpty?: (data: T) => boolean;
  empty: ReactNode;
  /** Absent for a list the server answers whole (quotes, applications). */
  pager?: {
    page: number;
    pageCount: number;
    capped?: boolean;
    onPage: (page: number) => void;
    label: string;
    testId?: string;
  };
  children: (data: T) => ReactNode;
};

/** Whether a list the server answers whole, or one page of it (`{ data: [...] }`), has no rows. */
const hasNoRows = (list: unknown) => {
  const rows = Array.isArray(list) ? list : (list as { data?: unknown }).data;
  return Array.isArray(rows) && rows.length === 0;
};

/**
 * The one shape of every admin list (orders, products, users, companies, the audit log): a title with
 * the server's count, a search and filter bar, the loading → error → empty → rows ladder, and a pager.
 * The page's filters and number live in the address (useAddressFilters, useAddressPage); rows kept
 * from the last page stay dimmed while the next one loads.
 */
export const AdminListPage = <T,>({
  title,
  count,
  actions,
  above,
  toolbar,
  toolbarLabel,
  panel,
  filtered = false,
  onClear,
  query,
  isEmpty = hasNoRows,
  empty,
  pager,
  children,
  ...words
}: AdminListPageProps<T>) => (
  <section aria-labelledby="dashboard-title">
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        {title}
        {count ? (
          <>
            {' '}
            <span className="text-base font-semibold text-base-content/75" data-testid={count.testId}>
              ({count.label ?? 'Total'}: {count.value}
              {count.capped ? '+' : ''}
              {count.suffix ?? ''})
            </span>
          </>
        ) : null}
      </h2>
      {actions}
    </div>
    {above}
    {toolbar ? (
      <div className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label={toolbarLabel}>
        {toolbar}
        {filtered && onClear ? (
          <button type="button" className="btn btn-ghost" onClick={onClear}>
            Clear filters
          </button>
        ) : null}
      </div>
    ) : null}
    {panel}
    <QueryState
      query={query}
      {...words}
      isEmpty={isEmpty}
      empty={typeof empty === 'string' ? <p>{empty}</p> : empty}
    >
      {(data) => (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {children(data)}
          {pager && pager.pageCount > 1 ? (
            <Pager
              page={pager.page}
              pageCount={pager.pageCount}
              capped={pager.capped ?? false}
              onPage={pager.onPage}
              busy={query.isPlaceholderData}
              label={pager.label}
              testId={pager.testId}
            />
          ) : null}
        </div>
      )}
    </QueryState>
  </section>
);

/** The page an address-kept list shows: `?page=`, 1 when absent or nonsense. */
export const addressPage = (params: URLSearchParams): number =>
  Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

/** What useAddressPage reads of a page of a list: the server's count, capped or not, and its rows. */
type PagedQuery = {
  data: { total: number | null; capped?: boolean; data?: readonly unknown[] } | undefined;
  isPlaceholderData: boolean;
};

/**
 * The page number of an address-kept list (`?page=`, 1 when absent or nonsense), its page count and the
 * server's count (`total`, the page's rows when it sent none; `capped` when it stopped counting). When
 * the list shrinks under the page (a delete emptied the last page, an old link names a page past the
 * end), the address is corrected to the last page, without a history entry, once `query` answers for
 * the page asked. A capped count is no end: the pages past it are real, and stay.
 */
export function useAddressPage(
  params: URLSearchParams,
  setFilters: (changes: { page?: string | undefined }, options?: { replace?: boolean }) => void,
  query: PagedQuery,
  pageSize: number,
) {
  const page = addressPage(params);
  const total = query.data?.total ?? query.data?.data?.length ?? 0;
  const capped = query.data?.capped === true;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const settled = query.data !== undefined && !query.isPlaceholderData && !capped;
  const pastTheEnd = settled && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setFilters({ page: pageCount > 1 ? String(pageCount) : undefined }, { replace: true });
  }, [pastTheEnd, pageCount, setFilters]);
  const setPage = (next: number) => setFilters({ page: next > 1 ? String(next) : undefined });
  return { page, pageCount, setPage, total, capped };
}
