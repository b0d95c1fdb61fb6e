import { z } from 'zod';

/** An invoice or credit note as the API lists it; the document itself is its PDF (`pdfUrl`). */
export const InvoiceSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  issuedAt: z.string(),
  /** Gross: net plus tax. */
  total: z.number(),
  net: z.number().optional(),
  tax: z.number().optional(),
  poReference: z.string().nullable(),
  paymentReference: z.string(),
  orderIds: z.array(z.string()),
  pdfUrl: z.string(),
  /** An invoice on payment terms: payable by this date (ISO); null once paid at issue (card). */
  dueAt: z.string().nullable(),
  /**
   * An invoice's standing, computed by the server (docs/decisions/0206): 'paid' once nothing is owed,
   * 'open' until then, 'overdue' when open past its due date, 'credited' when credit notes cover it all.
   * Null for a credit note.
   */
  status: z.enum(['paid', 'open', 'overdue', 'credited']).nullable(),
  /** What is still owed, dollars: the total minus its credit notes minus what was paid. Null for a credit note. */
  balance: z.number().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;
