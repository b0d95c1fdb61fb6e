import { createContext, useContext, useEffect } from 'react';
import type { PageMeta } from '@/config/page-meta';

/**
 * Where a server render collects the shown page's title and description, to put them into the HTML it
 * sends (entry-server.tsx). The browser has none: there the effect below sets them.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Sets the tab's title and the description meta tag while the calling page is shown. */
export const usePageMeta = ({ title, description }: PageMeta) => {
  const collect = useContext(PageMetaCollector);
  // Parents render before their children: the innermost page's words are the last ones kept.
  collect?.({ title, description });
  useEffect(() => {
    document.title = title;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
};
