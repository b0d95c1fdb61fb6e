/**
 * A line icon (menu bars, a close cross, a tick, an outward arrow); decorative, the text beside it or the
 * button names it. Drawn on a 24×24 grid unless told otherwise; `round` rounds the lines' ends and joins.
 */
export const StrokeIcon = ({
  path,
  className = 'size-5',
  grid = 24,
  round = false,
}: {
  path: string;
  className?: string;
  grid?: number;
  round?: boolean;
}) => (
  <svg
    viewBox={`0 0 ${grid} ${grid}`}
    className={className}
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d={path} {...(round ? { strokeLinecap: 'round', strokeLinejoin: 'round' } : {})} />
  </svg>
);
