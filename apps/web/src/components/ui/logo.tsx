type LogoProps = { className?: string };

/** The Forgeline mark: a gear around an anvil-like bar, in currentColor. */
export const LogoMark = ({ className }: LogoProps) => (
  <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M14 1h4l.7 3.6a11.5 11.5 0 0 1 3.3 1.4l3-2.1 2.9 2.9-2.1 3a11.5 11.5 0 0 1 1.4 3.3L31 14v4l-3.6.7a11.5 11.5 0 0 1-1.4 3.3l2.1 3-2.9 2.9-3-2.1a11.5 11.5 0 0 1-3.3 1.4L18 31h-4l-.7-3.6a11.5 11.5 0 0 1-3.3-1.4l-3 2.1-2.9-2.9 2.1-3a11.5 11.5 0 0 1-1.4-3.3L1 18v-4l3.6-.7A11.5 11.5 0 0 1 6 10l-2.1-3 2.9-2.9 3 2.1a11.5 11.5 0 0 1 3.3-1.4Zm2 7.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15Z"
    />
    <rect x="11" y="14" width="10" height="4" rx="1" fill="currentColor" />
  </svg>
);
