import { z } from 'zod';

export const TaxTreatmentSchema = z.enum(['none', 'taxed', 'reverse_charge', 'export', 'exempt']);

/**
 * The tax of a cart, a checkout or a quote as the buyer reads it (docs/decisions/0219): the net total
 * stays `total` beside it. `problem` says why it cannot be worked out (no rate set where one must be):
 * such an order is refused at checkout, never charged a silent zero.
 */
export const TaxSummarySchema = z.object({
  treatment: TaxTreatmentSchema,
  /** Dollars. */
  tax: z.number(),
  /** Net plus tax: what the buyer pays. */
  totalWithTax: z.number(),
  /** The words the treatment requires (reverse charge, export, exemption), or null. */
  note: z.string().nullable(),
  problem: z.string().optional(),
});
export type TaxSummary = z.infer<typeof TaxSummarySchema>;
