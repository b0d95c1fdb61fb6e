type PagerProps = {
  page: number;
  pageCount: number;
  /** The server stopped counting at its cap: there may be more pages than `pageCount` ('Page 1 of 20+'). */
  capped?: boolean;
  onPage: (page: number) => void;
  /** The next page is on its way: both buttons wait. */
  busy?: boolean;
  /** What is paged, for screen readers: 'Pages of orders'. */
  label: string;
  testId?: string;
};

/** Previous / 'Page X of Y' / Next under a paged list (orders, products, the audit log). */
export const Pager = ({
  page,
  pageCount,
  capped = false,
  onPage,
  busy = false,
  label,
  testId,
}: PagerProps) => (
  <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
    <button
      type="button"
      className="btn btn-sm btn-outline"
      onClick={() => onPage(page - 1)}
      disabled={busy || page <= 1}
    >
      Previous
    </button>
    <p className="text-sm font-medium" aria-live="polite" data-testid={testId}>
      Page {page} of {pageCount}
      {capped ? '+' : ''}
    </p>
    <button
      type="button"
      className="btn btn-sm btn-outline"
      onClick={() => onPage(page + 1)}
      disabled={busy || (page >= pageCount && !capped)}
    >
      Next
    </button>
  </nav>
);
