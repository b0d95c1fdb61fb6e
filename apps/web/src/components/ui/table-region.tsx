import type { ReactNode } from 'react';

/**
 * The frame of a data table: it scrolls sideways on a phone instead of the page, and, being a labelled
 * focusable region, keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export const TableRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <div
    className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
    tabIndex={0}
    role="region"
    aria-label={label}
  >
    {children}
  </div>
);
