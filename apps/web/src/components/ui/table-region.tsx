import type { ReactNode } from 'react';

/**
 * The frame of a data table: a size container (its table stacks into cards when the frame is too narrow:
 * see `stacked-rows` in index.css), scrolling sideways with edge shadows where it still must scroll, and,
 * being a labelled focusable region, keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export const TableRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <div
    className="@container scroll-shadows overflow-x-auto rounded-box border border-base-300"
    tabIndex={0}
    role="region"
    aria-label={label}
  >
    {children}
  </div>
);
