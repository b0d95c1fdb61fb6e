import type { Review } from '@forgeline/shared';

/**
 * Whether star `position` (1 to 5) shows as selected: the review's true rating. SPEC.md §3's literal rule
 * (stars 1 to 3 always, the 4th only at 4, the 5th only at 5) showed five stars as ★★★☆★ and one as three
 * (docs/decisions/0091).
 */
export const starSelected = (position: number, rating: number): boolean => position <= rating;

const Star = ({ selected }: { selected: boolean }) => (
  <svg
    viewBox="0 0 20 20"
    className={`size-5 ${selected ? 'text-amber-500' : 'text-base-300'}`}
    aria-hidden="true"
    data-selected={selected}
  >
    <path
      fill="currentColor"
      d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"
    />
  </svg>
);

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
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${review.rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((position) => (
        <Star key={position} selected={starSelected(position, review.rating)} />
      ))}
    </div>
    <p className="line-clamp-5 text-sm leading-relaxed text-base-content/85">“{review.review}”</p>
  </article>
);
