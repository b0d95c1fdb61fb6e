import { z } from 'zod';
import { whenMissing } from './plain-issues.ts';

/** The most rows one bulk update may carry (a larger catalogue goes in several requests). */
export const PRODUCT_BULK_ITEMS_MAX = 1000;

/**
 * POST /products/bulk (decision 0239): stock and prices by part number, from the maker's ERP. `stock` is
 * the count on the shelf now (more than the part had is a goods receipt: it fills back-orders first);
 * `price` the base price in dollars. The rules of each row (whole numbers, cents, price breaks) are the
 * server's, with a message naming the row.
 */
export const ProductBulkItemSchema = z
  .object({
    partNumber: z
      .string({ error: whenMissing('partNumber is required') })
      .trim()
      .min(1, 'partNumber is required')
      .max(100),
    stock: z.number({ error: 'stock must be a number' }).optional(),
    price: z.number({ error: 'price must be a number' }).optional(),
  })
  .strict();

export const ProductBulkBodySchema = z.object({
  items: z
    .array(ProductBulkItemSchema)
    .min(1, 'items must hold at least one row')
    .max(PRODUCT_BULK_ITEMS_MAX, `At most ${PRODUCT_BULK_ITEMS_MAX} rows at a time`),
});
export type ProductBulkBody = z.infer<typeof ProductBulkBodySchema>;

export const ProductBulkResultSchema = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
  items: z.array(
    z.object({
      partNumber: z.string(),
      /** The shelf after the update, once back-orders took their pieces. */
      stock: z.number().int(),
      price: z.number(),
      /** Pieces this update gave to back-ordered lines. */
      backordersFilled: z.number().int(),
    }),
  ),
});
export type ProductBulkResult = z.infer<typeof ProductBulkResultSchema>;
