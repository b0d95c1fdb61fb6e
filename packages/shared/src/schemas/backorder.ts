import { z } from 'zod';
import { NumberedPageFields } from './paging.ts';

/** GET /api/backorders: one page of the waiting lines, oldest first. */
export const BackorderListQuerySchema = z.object(NumberedPageFields);
export type BackorderListQuery = z.infer<typeof BackorderListQuerySchema>;

/** A line with pieces waiting for stock, as the admin's back-order list shows it (decision 0238). */
export const BackorderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  checkoutNumber: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  ordered: z.number().int(),
  backordered: z.number().int(),
  leadTimeDays: z.number().int().nullable(),
  orderedAt: z.string(),
  /** Whole days since the line was placed. */
  ageDays: z.number().int(),
});
export type Backorder = z.infer<typeof BackorderSchema>;
