import type { Review } from '@forgeline/shared/schemas/review';
import { Stars } from '@/components/ui/stars';

/** One slide of the reviews carousel: avatar, name, profession, five read-only stars, the text. */
export const ReviewCard = ({ review }: { review: Review }) => (
  <article
    data-testid="review-card"
    className="flex h-[21rem] flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-md"
  >
    {review.img ? (
      <img
        src={review.img}
        alt={`Photo of ${review.name}`}
        width={72}
        height={72}
        loading="lazy"
        decoding="async"
        className="size-18 shrink-0 rounded-full object-cover ring-4 ring-primary/15"
      />
    ) : (
      <span
        aria-hidden="true"
        className="grid size-18 shrink-0 place-items-center rounded-full bg-primary text-3xl font-bold text-primary-content ring-4 ring-primary/15"
      >
        {review.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    )}
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
