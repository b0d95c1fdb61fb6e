/** A line icon drawn on a 24×24 grid (menu bars, a close cross); decorative, the button names itself. */
export const StrokeIcon = ({ path, className = 'size-5' }: { path: string; className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    className={className}
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d={path} />
  </svg>
);
