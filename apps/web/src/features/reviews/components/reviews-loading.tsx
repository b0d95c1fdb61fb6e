// A file, not inlined: the home page's first script stays within its budget, and the picture is asked for
// only when reviews load.
import loadingImage from '@/assets/loading.svg?no-inline';

/**
 * docs/product.md §2: 'A full-screen centred loading image shows while reviews load.' A fixed layer over the
 * screen, so it shifts nothing when it goes.
 */
export const ReviewsLoading = () => (
  <div
    role="status"
    className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-base-100/85 backdrop-blur-sm"
    data-testid="reviews-loading"
  >
    <img src={loadingImage} alt="" width={96} height={96} className="size-24" />
    <span className="text-sm font-semibold text-base-content/80">Loading reviews…</span>
  </div>
);
