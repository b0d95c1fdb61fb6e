import type { ReactNode } from 'react';

type PanelProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

/** A panel's heading with its actions on the same line, wrapping below it on a phone. */
const HeadingWithActions = ({
  id,
  title,
  actions,
  spacing,
}: Omit<PanelProps, 'children'> & { spacing: string }) => (
  <div className={`flex flex-wrap items-center justify-between ${spacing}`}>
    <h3 id={id} className="text-lg font-bold">
      {title}
    </h3>
    {actions}
  </div>
);

/**
 * One panel of a page made of several (a company's addresses, lists, part numbers; a price list's
 * items): its heading names the section for a screen reader, its actions (Add, Export) sit on the
 * heading's line and wrap below it on a phone.
 */
export const PanelSection = ({ id, title, actions, children }: PanelProps) => (
  <section aria-labelledby={id} className="flex flex-col gap-3">
    <HeadingWithActions id={id} title={title} actions={actions} spacing="gap-3" />
    {children}
  </section>
);

/**
 * A boxed panel among others on a page (a company's details and terms, its tax status, the tax report):
 * a bordered box, its heading, then its content. With `actions` (even `null` for now) the heading shares
 * its line with them, wrapping below it on a phone.
 */
export const BoxedPanel = ({ id, title, actions, children }: PanelProps) => (
  <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4">
    {actions === undefined ? (
      <h3 id={id} className="mb-2 text-lg font-bold">
        {title}
      </h3>
    ) : (
      <HeadingWithActions id={id} title={title} actions={actions} spacing="mb-2 gap-2" />
    )}
    {children}
  </section>
);
