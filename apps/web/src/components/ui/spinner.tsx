import type { HTMLAttributes } from 'react';

// Whole class names, so that Tailwind finds them in the source.
const sizeClass = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;

type SpinnerProps = HTMLAttributes<HTMLSpanElement> & { size?: keyof typeof sizeClass };

/** The spinning ring; decorative, so whoever shows it says what is loading (see `Loading`). */
export const Spinner = ({ size = 'sm', className = '', ...rest }: SpinnerProps) => (
  <span className={`loading loading-spinner ${sizeClass[size]} ${className}`} aria-hidden="true" {...rest} />
);

type LoadingProps = { label: string; size?: keyof typeof sizeClass; className?: string };

/** A centred spinner that tells screen readers what is loading ("Loading your orders"). */
export const Loading = ({ label, size = 'lg', className = 'py-10' }: LoadingProps) => (
  <div role="status" aria-label={label} className={`flex items-center justify-center ${className}`}>
    <Spinner size={size} className="text-primary" />
    <span className="sr-only">{label}</span>
  </div>
);
