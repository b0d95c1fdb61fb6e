import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useProduct } from '@/features/products/api/get-product';
import { useCreateReview } from '@/features/reviews/api/create-review';
import { AddReviewForm } from '@/features/reviews/components/add-review-form';

/** Names the part under review, with a way back to its page. */
const ReviewedPart = ({ productId }: { productId: string }) => {
  const product = useProduct(productId);
  return (
    <p className="mb-4 text-base-content/85">
      Your review of{' '}
      <Link to={paths.product.getHref(productId)} className="link font-semibold">
        {product.data?.name ?? 'this part'}
      </Link>
      , shown on its product page.
    </p>
  );
};

/** /dashboard/review (docs/product.md §2): leave a review, of the shop or (from a product page) of one part. */
const ReviewRoute = () => {
  const { user } = useSession();
  const createReview = useCreateReview();
  const productId = useSearchParams()[0].get('product') ?? undefined;

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Add a Review
      </h2>
      {productId && <ReviewedPart productId={productId} />}
      {user ? (
        <div className="max-w-2xl rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
          <AddReviewForm
            user={user}
            onSubmit={createReview.mutateAsync}
            {...(productId ? { productId } : {})}
          />
        </div>
      ) : null}
    </section>
  );
};

export default ReviewRoute;
