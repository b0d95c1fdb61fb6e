import { createQueryKeys } from '@/lib/query-keys';

/**
 * The catalogue's keys, built here rather than in query-keys.ts: only the catalogue's pages (and a
 * part's page, for its specifications) load them.
 * A page's parameters are its whole address (category, search, page, unit and every filter).
 */
const catalogue = createQueryKeys('catalogue');
export const catalogueKeys = {
  ...catalogue,
  browse: (params: Record<string, string>) => catalogue.list(params),
};
