import { useEffect } from 'react';
import type { PageMeta } from '@/config/page-meta';

/** Sets the tab's title and the description meta tag while the calling page is shown. */
export const usePageMeta = ({ title, description }: PageMeta) => {
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
