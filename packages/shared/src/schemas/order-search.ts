import { z } from 'zod';
import { LIMITS } from '../constants.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (field: string, notADay = `${field} must be a date (YYYY-MM-DD)`) =>
  z
    .string()
    .max(10, notADay)
    .regex(DAY, notADay)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${field} is not a real date`);

/**
 * The admin's order list at scale: `GET /api/orders?limit=…`. Without `limit` the endpoint answers every
 * order, as the specification's table always did; with it, one page of the orders matching the filters,
 * newest first, the count of all matches in `X-Total-Count` and the next page's cursor in `X-Next-Cursor`.
 */
export const OrderSearchQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
      .optional(),
    /** An opaque position from X-Next-Cursor (keyset paging: stable while orders come in). */
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
    paid: z.enum(['true', 'false'], { error: "paid must be 'true' or 'false'" }).optional(),
    status: z.enum(['pending', 'shipped'], { error: "status must be 'pending' or 'shipped'" }).optional(),
    from: day('from').optional(),
    to: day('to').optional(),
  })
  .refine((query) => !(query.cursor && query.page), {
    message: 'Use either cursor or page, not both',
    path: ['cursor'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "'from' must be on or before 'to'",
    path: ['from'],
  });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuerySchema>;
