import type { ReactNode } from 'react';

/**
 * One panel of a page made of several (a company's addresses, lists, part numbers; a price list's
 * items): its heading names the section for a screen reader, its actions (Add, Export) sit on the
 * heading's line and wrap below it on a phone.
 */
export const PanelSection = ({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <section aria-labelledby={id} className="flex flex-col gap-3">
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {actions}
    </div>
    {children}
  </section>
);
