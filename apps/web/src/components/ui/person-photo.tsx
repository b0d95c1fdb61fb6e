/** The photo's box at each size, and its letter's (the class names are written out whole for Tailwind). */
const SIZES = {
  md: { pixels: 72, className: 'size-18 text-3xl ring-primary/15' },
  lg: { pixels: 96, className: 'size-24 text-4xl ring-primary/20' },
} as const;

type PersonPhotoProps = {
  name: string;
  src: string | null | undefined;
  size: keyof typeof SIZES;
  /** For a photo that is not in the first view (a carousel's slides). */
  lazy?: boolean;
};

/**
 * A person's round photo or, without one, the first letter of their name on the primary colour. The name
 * stands beside it wherever it is shown, so the letter is not read out again. A photo may be on another
 * site (a Google account's), which is not told the page that shows it.
 */
export const PersonPhoto = ({ name, src, size, lazy = false }: PersonPhotoProps) => {
  const { pixels, className } = SIZES[size];
  return src ? (
    <img
      src={src}
      alt={`Photo of ${name}`}
      width={pixels}
      height={pixels}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      className={`shrink-0 rounded-full object-cover ring-4 ${className}`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-content ring-4 ${className}`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
};
