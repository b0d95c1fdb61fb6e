import type { Review } from '@forgeline/shared/schemas/review';
import { PersonPhoto } from '@/components/ui/person-photo';
import { Stars } from '@/components/ui/stars';

/** One slide of the reviews carousel: avatar, name, profession, five read-only stars, the text. */
export const ReviewCard = ({ review }: { review: Review }) => (
  <article
    data-testid="review-card"
    className="flex h-[21rem] flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-md"
  >
    <PersonPhoto name={review.name} src={review.img} size="md" lazy />
    <div>
      <h3 className="text-lg font-bold">{review.name}</h3>
      <p className="text-sm text-base-content/75">{review.profession}</p>
      {/* The server decides it: the reviewer had a paid order when the review was written. */}
      {review.verifiedPurchase && (
        <span className="badge badge-success badge-sm mt-1 gap-1 font-semibold">Verified buyer</span>
      )}
    </div>
    <Stars rating={review.rating} />
    <p className="line-clamp-5 text-sm leading-relaxed text-base-content/85">“{review.review}”</p>
  </article>
);
