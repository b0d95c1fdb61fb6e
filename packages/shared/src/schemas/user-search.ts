import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/**
 * Make Admin at scale: `GET /api/users?limit=…` answers one page, newest first, of the users whose
 * e-mail or name contains `search`; the count in `X-Total-Count`, the next page in `X-Next-Cursor`.
 * Without `limit` the endpoint answers every user, as the specification's table always did.
 */
export const UserSearchQuerySchema = z
  .object({
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
  })
  .refine((query) => !(query.cursor && query.page), {
    message: 'Use either cursor or page, not both',
    path: ['cursor'],
  });
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;
