import { z } from 'zod';
import { oneWayOfPaging, PagedSearchFields } from './paging.ts';

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
    ...PagedSearchFields,
    paid: z.enum(['true', 'false'], { error: "paid must be 'true' or 'false'" }).optional(),
    status: z
      .enum(['pending', 'shipped', 'cancelled'], {
        error: "status must be 'pending', 'shipped' or 'cancelled'",
      })
      .optional(),
    from: day('from').optional(),
    to: day('to').optional(),
  })
  .refine(...oneWayOfPaging)
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "'from' must be on or before 'to'",
    path: ['from'],
  });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuerySchema>;
