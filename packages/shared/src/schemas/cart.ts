import { z } from 'zod';
import { LineQuantitySchema } from './common.ts';
import { TaxSummarySchema } from './tax.ts';
import { LIMITS } from '../constants.ts';
import { ProductSchema } from './product.ts';

/** Why a cart or quick-order line cannot be ordered as it is: the rule (pricing.ts) and its message. */
export const LineProblemSchema = z.object({
  rule: z.enum(['discontinued', 'quantity', 'minimum', 'multiple', 'maximum', 'stock', 'unknown']),
  message: z.string(),
});
export type LineProblem = z.infer<typeof LineProblemSchema>;

/** One line of the signed-in buyer's cart, priced at the tier in force for its quantity (dollars). */
export const CartLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  product: ProductSchema,
  /** The first rule the quantity breaks today (stock included), or null when the line can be ordered. */
  problem: LineProblemSchema.nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/**
 * The whole cart: every cart endpoint answers it. `total` sums every line; `count` is the number of
 * lines. `skipped` (only from POST /cart/lines) lists the lines that named no product.
 */
export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  total: z.number(),
  /** The tax the signed-in buyer would pay on it now (absent for a visitor: it depends on who buys). */
  tax: TaxSummarySchema.optional(),
  count: z.number().int(),
  skipped: z.array(z.object({ index: z.number().int(), input: z.string(), message: z.string() })).optional(),
});
export type Cart = z.infer<typeof CartSchema>;

const cartQuantity = LineQuantitySchema;

/**
 * POST /cart/lines: adds lines to the cart, each naming a product by id or part number; a line for a
 * product already in the cart adds to its quantity. Quick order, reorder and a visitor's browser cart
 * at sign-in all come this way.
 */
/** A part number as a buyer types it: ours (SkuSchema's shape) or their company's own. */
const PartCodeSchema = z
  .string({ error: 'Part number is required' })
  .trim()
  .min(1, 'Part number is required')
  .max(100, 'Part number: at most 100 characters')
  .toUpperCase();

export const AddCartLinesBodySchema = z.object({
  lines: z
    .array(
      z
        .object({
          productId: z.string().trim().max(100).optional(),
          /** Our part number, or the buyer's company's own number for the part (decision 0218). */
          sku: PartCodeSchema.optional(),
          quantity: cartQuantity,
        })
        .refine((line) => line.productId !== undefined || line.sku !== undefined, {
          message: 'Give a productId or a part number (sku)',
        }),
    )
    .min(1, 'Add at least one line')
    .max(LIMITS.cartLinesMax, `At most ${LIMITS.cartLinesMax} lines at a time`),
});
export type AddCartLinesBody = z.infer<typeof AddCartLinesBodySchema>;

/** PUT /cart/lines/:productId: the line's new quantity (the rules are reported on the line, not refused). */
export const SetCartLineBodySchema = z.object({ quantity: cartQuantity });
export type SetCartLineBody = z.infer<typeof SetCartLineBodySchema>;

/**
 * POST /quick-order/check: pasted `part-number quantity` lines, or the text of an uploaded CSV (comma,
 * semicolon or tab separated; a header row is skipped). Nothing is stored.
 */
export const QuickOrderCheckBodySchema = z.object({
  text: z.string({ error: 'Paste some lines or choose a CSV file' }),
});
export type QuickOrderCheckBody = z.infer<typeof QuickOrderCheckBodySchema>;

/** One checked line of the pad: `line` is its 1-based number in the text, `input` what it said. */
export const QuickOrderLineSchema = z.object({
  line: z.number().int(),
  input: z.string(),
  /** Our part number: the code written, or the part the buyer's company's own number names. */
  sku: z.string(),
  /** The buyer's company's own number as written, when the line named the part by it (decision 0218). */
  customerPartNumber: z.string().nullable().optional(),
  quantity: z.number().int().nullable(),
  productId: z.string().nullable(),
  name: z.string().nullable(),
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
  problem: LineProblemSchema.nullable(),
  /** A discontinued part's replacement, to order instead (decision 0233). */
  replacement: z.object({ sku: z.string(), name: z.string() }).nullable().optional(),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderCheckResponseSchema = z.object({
  lines: z.array(QuickOrderLineSchema),
  /** Lines without a problem, and their total (dollars). */
  validCount: z.number().int(),
  total: z.number(),
});
export type QuickOrderCheckResponse = z.infer<typeof QuickOrderCheckResponseSchema>;
