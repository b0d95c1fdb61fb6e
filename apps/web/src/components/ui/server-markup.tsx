import { Suspense, useState, type ReactNode } from 'react';
import type { LazyRoute } from '@/lib/lazy-route';

/**
 * Markup the server rendered and that never changes (the blog's answers), hydrated from the page itself:
 * the browser's first render takes the element's HTML as the server sent it, so the text and code that
 * made it are not among the first view's scripts and React builds nothing for it (decision 0285). A visit
 * from another page of the app finds no such element: then `Content`, a lazily loaded component, renders
 * it. The server loads `Content` before it renders (`lazyContent`), so its page always carries the markup.
 */
export const ServerMarkup = ({
  id,
  Content,
  fallback,
}: {
  id: string;
  Content: LazyRoute;
  fallback: ReactNode;
}) => {
  const [html] = useState(() =>
    typeof document === 'undefined' ? null : (document.getElementById(id)?.innerHTML ?? null),
  );
  if (html !== null) return <div id={id} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div id={id}>
      <Suspense fallback={fallback}>
        <Content />
      </Suspense>
    </div>
  );
};
