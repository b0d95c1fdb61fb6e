import type { ReactNode } from 'react';

type PageProps = {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Narrow pages (forms) read better at a smaller width. */
  narrow?: boolean;
};

/** A plain page: one h1, an optional lead paragraph, then the content. */
export const Page = ({ title, lead, children, narrow = false }: PageProps) => (
  <div className={`mx-auto px-4 py-12 sm:py-16 ${narrow ? 'max-w-md' : 'max-w-7xl'}`}>
    <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
    {lead ? <p className="mt-3 text-base-content/80 sm:text-lg">{lead}</p> : null}
    <div className="mt-8">{children}</div>
  </div>
);
