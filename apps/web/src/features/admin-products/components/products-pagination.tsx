type ProductsPaginationProps = {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** The next page is on its way: both buttons wait. */
  busy?: boolean;
};

/** Previous / 'Page X of Y' / Next under the Manage Products table. */
export const ProductsPagination = ({ page, pageCount, onPage, busy = false }: ProductsPaginationProps) => (
  <nav aria-label="Products pages" className="mt-4 flex items-center justify-between gap-3">
    <button
      type="button"
      className="btn btn-sm btn-outline"
      onClick={() => onPage(page - 1)}
      disabled={busy || page <= 1}
    >
      Previous
    </button>
    <p className="text-sm font-medium" aria-live="polite" data-testid="products-page">
      Page {page} of {pageCount}
    </p>
    <button
      type="button"
      className="btn btn-sm btn-outline"
      onClick={() => onPage(page + 1)}
      disabled={busy || page >= pageCount}
    >
      Next
    </button>
  </nav>
);
