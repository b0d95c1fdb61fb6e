import { z } from 'zod';
import { OVERVIEW_PERIODS } from '../schema-constants.ts';

export const OverviewQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n) => (OVERVIEW_PERIODS as readonly number[]).includes(n), { message: 'days must be 30 or 90' })
    .default(30),
});
export type OverviewQuery = z.infer<typeof OverviewQuerySchema>;

/**
 * GET /api/overview (admin): the figures of the admin's first dashboard page, from the database. Money in
 * dollars; days are UTC calendar days; revenue is what paid orders brought (a cancelled order is refunded
 * and deleted, so it no longer counts).
 */
export const OverviewSchema = z.object({
  asOf: z.string(),
  days: z.number().int(),
  /** Net revenue; `tax`: the tax collected with it over the same days (gross = the two added). */
  revenue: z.object({
    today: z.number(),
    last7Days: z.number(),
    last30Days: z.number(),
    tax: z.object({ today: z.number(), last7Days: z.number(), last30Days: z.number() }).optional(),
  }),
  /** Paid orders not shipped yet. */
  toShip: z.object({ orders: z.number().int(), value: z.number() }),
  /** Unpaid orders and the stock they hold (taken from the product when placed). */
  unpaid: z.object({ orders: z.number().int(), value: z.number(), heldPieces: z.number().int() }),
  /** Products with less than one minimum order (and at least 10 pieces) left: the lowest first. */
  lowStock: z.object({
    count: z.number().int(),
    products: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        available: z.number().int(),
        minOrder: z.number().int(),
      }),
    ),
  }),
  /** Paid revenue per day of the period, oldest first, every day present (0 when nothing was paid). */
  daily: z.array(z.object({ day: z.string(), revenue: z.number() })),
  /** The products that brought the most paid revenue in the period. */
  topProducts: z.array(z.object({ name: z.string(), revenue: z.number(), pieces: z.number().int() })),
});
export type Overview = z.infer<typeof OverviewSchema>;
