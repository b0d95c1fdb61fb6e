import { z } from 'zod';
import { InvoiceSummarySchema } from './invoice.ts';
import { OrderSchema } from './order.ts';

/** What happened to an order, in time order, as its page's timeline shows it. */
export const OrderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['placed', 'paid', 'invoiced', 'refunded', 'shipped', 'cancelled']),
  text: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** Another line of the same checkout, as the order's page lists it. */
export const CheckoutLineSchema = OrderSchema.pick({
  _id: true,
  number: true,
  productName: true,
  customerPartNumber: true,
  buyQuantity: true,
  totalPrize: true,
  paid: true,
  status: true,
  shippedQuantity: true,
  dueAt: true,
});

/**
 * GET /api/orders/:id (admin): one order with everything an admin needs to act on it: who, where to,
 * when, how it was paid, the checkout and PO reference it belongs to, its documents and its timeline.
 * A cancelled order is deleted (decision 0012): its page answers 404, its credit note stays.
 */
export const AdminOrderDetailSchema = z.object({
  order: OrderSchema,
  /** Whether the customer's account still exists (an order outlives it). */
  customerHasAccount: z.boolean(),
  payment: z.object({
    transactionId: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    paidAt: z.string().nullable(),
  }),
  checkout: z
    .object({
      _id: z.string(),
      number: z.string(),
      poReference: z.string().nullable(),
      createdAt: z.string(),
      /** Its total when placed; lines cancelled since are among the refunds. */
      placedTotal: z.number(),
      lineCount: z.number().int(),
      /** Every line still standing in it, this one included. */
      lines: z.array(CheckoutLineSchema),
    })
    .nullable(),
  /** This order's invoice (and any later document that covers it). */
  documents: z.array(InvoiceSummarySchema),
  /** Lines of the same payment cancelled and refunded: one credit note each. */
  refunds: z.array(
    z.object({
      creditNote: z.string(),
      orderReference: z.string(),
      amount: z.number(),
      refundedAt: z.string(),
      pdfUrl: z.string(),
    }),
  ),
  timeline: z.array(OrderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
