import { z } from 'zod';
import { oneWayOfPaging, PagedSearchFields } from './paging.ts';

/**
 * Make Admin at scale: `GET /api/users?limit=…` answers one page, newest first, of the users whose
 * e-mail or name contains `search`; the count in `X-Total-Count`, the next page in `X-Next-Cursor`.
 * Without `limit` the endpoint answers every user, as the specification's table always did.
 */
export const UserSearchQuerySchema = z
  .object({
    ...PagedSearchFields,
  })
  .refine(...oneWayOfPaging);
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;
