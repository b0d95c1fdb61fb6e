import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/**
 * The paging and search fields every admin list takes (users, orders): `limit` asks for one page (without
 * it, the spec's whole list), then either `cursor` (an opaque position from X-Next-Cursor: keyset paging,
 * stable while rows come in) or `page`, and a `search` term.
 */
export const PagedSearchFields = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
    .optional(),
  cursor: z.string().max(200).optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(LIMITS.pageMax, `page must be at most ${LIMITS.pageMax}`)
    .optional(),
  search: z
    .string()
    .trim()
    .max(LIMITS.searchMax, `search must be ${LIMITS.searchMax} characters or fewer`)
    .optional(),
};

/**
 * A short admin list read by page number (back-orders, returns): `page` from 1, `limit` rows a page (50
 * unless asked); the total matching in X-Total-Count.
 */
export const NumberedPageFields = {
  page: PagedSearchFields.page,
  limit: PagedSearchFields.limit.default(50),
};

/** A cursor and a page number contradict each other: the refinement every paged search adds. */
export const oneWayOfPaging: [
  (query: { cursor?: string | undefined; page?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !(query.cursor && query.page),
  { message: 'Use either cursor or page, not both', path: ['cursor'] },
];
