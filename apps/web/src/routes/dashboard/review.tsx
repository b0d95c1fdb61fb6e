import { useSession } from '@/lib/auth';
import { useCreateReview } from '@/features/reviews/api/create-review';
import { AddReviewForm } from '@/features/reviews/components/add-review-form';

/** /dashboard/review (SPEC.md §2): leave a review. */
const ReviewRoute = () => {
  const { user } = useSession();
  const createReview = useCreateReview();

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Add a Review
      </h2>
      {user ? (
        <div className="max-w-2xl rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
          <AddReviewForm user={user} onSubmit={createReview.mutateAsync} />
        </div>
      ) : null}
    </section>
  );
};

export default ReviewRoute;
