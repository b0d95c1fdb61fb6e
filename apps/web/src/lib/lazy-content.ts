import type { ComponentType } from 'react';
import { lazyRoute, type LazyRoute } from './lazy-route';

// Apart from lazy-route.tsx, which is in the entry chunk: only the pages with such content load this.
/** The preloads of every lazyContent: the server runs them all before it renders a page. */
const contentPreloads = new Set<() => Promise<void>>();

/**
 * A component in its own chunk that the server must have loaded before it renders (renderToString does
 * not wait): the markup of ServerMarkup. The browser loads it only when it renders it.
 */
export function lazyContent(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  const content = lazyRoute(load);
  contentPreloads.add(content.preload);
  return content;
}

/** Loads every lazyContent created so far (those of the routes already loaded). */
export const preloadLazyContent = () => Promise.all([...contentPreloads].map((preload) => preload()));
