import type { PageMeta } from './page-meta';

/**
 * The home page's title and description (those of index.html), in a module of their own: the home page
 * loads these words without every other page's (docs/decisions/0047).
 */
export const homeMeta: PageMeta = {
  title: 'Forgeline | Parts manufacturer for commercial, industrial and residential projects',
  description:
    'Forgeline manufactures parts for commercial, industrial and residential projects. Browse the catalogue, order in bulk and pay by card.',
};
