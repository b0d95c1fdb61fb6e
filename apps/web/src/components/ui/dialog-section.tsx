import type { ReactNode } from 'react';

/**
 * One section below a product's fields in the Update dialog (who sees it, documents, discontinued and
 * related parts), each saved on its own: a rule above it and its heading.
 */
export const DialogSection = ({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) => (
  <section aria-labelledby={id} className="mt-6 flex flex-col gap-2 border-t border-base-300 pt-4">
    <h4 id={id} className="text-lg font-bold">
      {title}
    </h4>
    {children}
  </section>
);
