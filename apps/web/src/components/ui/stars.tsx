/**
 * Whether star `position` (1 to 5) shows as selected: the review's true rating. docs/product.md §3's literal rule
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

/** Five read-only stars showing a whole rating, read out as 'Rated 4 out of 5'. */
export const Stars = ({ rating }: { rating: number }) => (
  <div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
    {[1, 2, 3, 4, 5].map((position) => (
      <Star key={position} selected={starSelected(position, rating)} />
    ))}
  </div>
);
