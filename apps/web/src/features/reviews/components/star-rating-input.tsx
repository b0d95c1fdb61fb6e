import { RATING_MAX, RATING_MIN } from '@forgeline/shared/constants';

type StarRatingInputProps = {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  errorId?: string;
};

const ratings = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

const Star = ({ filled }: { filled: boolean }) => (
  <svg viewBox="0 0 24 24" className="size-8" aria-hidden="true">
    <path
      d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
      fill={filled ? '#d97706' : 'none'}
      stroke={filled ? '#b45309' : '#64748b'}
      strokeWidth="1.5"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * A 1 to 5 star rating as a group of native radio buttons (arrow keys move between them; each is named
 * '3 stars' and so on), drawn as stars.
 */
export const StarRatingInput = ({ name, value, onChange, onBlur, error, errorId }: StarRatingInputProps) => (
  <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1">
    <legend className="mb-1 text-sm font-semibold">Rating</legend>
    <div className="flex gap-1">
      {ratings.map((rating) => {
        const id = `${name}-${rating}`;
        return (
          <label
            key={rating}
            htmlFor={id}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              onBlur={onBlur}
              className="sr-only"
              aria-label={`${rating} star${rating === 1 ? '' : 's'}`}
            />
            <Star filled={value !== undefined && rating <= value} />
          </label>
        );
      })}
    </div>
    <span className="text-xs text-base-content/70">
      {value ? `${value} of ${RATING_MAX}` : 'Choose 1 to 5 stars'}
    </span>
  </fieldset>
);
