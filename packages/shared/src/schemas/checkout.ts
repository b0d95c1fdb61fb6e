import { z } from 'zod';
import { TaxSummarySchema } from './tax.ts';
import { BankTransferSchema } from './bank-transfer.ts';
import { LIMITS } from '../constants.ts';
import { CartSchema } from './cart.ts';
import { LineQuantitySchema, notSingleLine, PhoneSchema, SINGLE_LINE } from './common.ts';
import { whenMissing } from './plain-issues.ts';
import { OrderSchema, TransactionIdSchema } from './order.ts';
import { CheckoutDeliverySchema, DeliveryChoiceSchema } from './delivery.ts';

/** How a checkout is paid: by card at once, or by invoice on the buyer's payment terms. */
export const PaymentMethodSchema = z.enum(['card', 'invoice'], {
  error: "paymentMethod must be 'card' or 'invoice'",
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** A line the buyer checks out: a product in their cart, the quantity and the unit price they saw. */
export const CheckoutLineInputSchema = z.object({
  productId: z
    .string({ error: whenMissing('productId is required') })
    .trim()
    .min(1, 'productId is required')
    .max(100),
  quantity: LineQuantitySchema,
  /** Dollars per piece as the buyer saw it; a different price today is a 409, not a surprise charge. */
  unitPrice: z
    .number({ error: whenMissing('unitPrice must be a number') })
    .nonnegative()
    .optional(),
});
export type CheckoutLineInput = z.infer<typeof CheckoutLineInputSchema>;

/**
 * POST /checkout: places every line of the cart (or the `lines` given, each of which must be in the cart
 * with that quantity) at once, one order per line, all or nothing. `unitPrice` per line and
 * `expectedTotal` are the figures the buyer saw (dollars): when today's differ, nothing is placed and
 * the answer is a 409 carrying the cart with the new figures.
 */
export const CheckoutBodySchema = z.object({
  lines: z
    .array(CheckoutLineInputSchema)
    .min(1, 'Check out at least one line')
    .max(LIMITS.cartLinesMax, `At most ${LIMITS.cartLinesMax} lines at a time`)
    .optional(),
  /**
   * Where it is delivered: required, except for collection from the works (decision 0268), whose order
   * needs none (the server refuses a blank address for any other method).
   */
  address: z
    .string()
    .trim()
    .max(LIMITS.addressMax, `Address must be ${LIMITS.addressMax} characters or fewer`)
    .regex(SINGLE_LINE, notSingleLine('Address'))
    .optional()
    .default(''),
  /**
   * A site of the buyer's company address book (docs/decisions/0213): the order takes that site's address
   * and phone as they are now (the page shows them in `address` and `phone`).
   */
  addressId: z.uuid('addressId must be an address of your company').optional(),
  phone: PhoneSchema,
  poReference: z
    .string()
    .trim()
    .max(LIMITS.poReferenceMax, `PO reference must be ${LIMITS.poReferenceMax} characters or fewer`)
    .regex(SINGLE_LINE, notSingleLine('PO reference'))
    .optional()
    .transform((value) => (value ? value : undefined)),
  expectedTotal: z
    .number({ error: whenMissing('expectedTotal must be a number') })
    .nonnegative()
    .optional(),
  /**
   * 'card' (the default): one card payment, stock held until paid. 'invoice': only for a customer an
   * admin approved for payment terms; needs the PO reference, ships unpaid, due in the terms' days.
   */
  paymentMethod: PaymentMethodSchema.optional().default('card'),
  /**
   * The delivery method and the destination it is priced for (decision 0235): required when the shop
   * offers delivery methods. The server prices it; the buyer's figures are only shown.
   */
  delivery: DeliveryChoiceSchema.optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;
/** What a client sends (paymentMethod may be left out: card). */
export type CheckoutBodyInput = z.input<typeof CheckoutBodySchema>;

/** POST /quotes/:id/accept: where the accepted offer goes, as at checkout (address, phone, PO reference). */
export const AcceptQuoteBodySchema = CheckoutBodySchema.pick({
  address: true,
  addressId: true,
  phone: true,
  poReference: true,
  // A buyer on payment terms may take an accepted offer on invoice too (decision 0112).
  paymentMethod: true,
  // How it is delivered, chosen by the buyer as at checkout and priced when placed (decision 0268).
  delivery: true,
})
  // What the buyer saw: an offer revised meanwhile is refused with its new figures (decision 0157).
  .extend({
    /** The quote's `offerVersion` as the buyer saw it. */
    offerVersion: z.string().max(100).optional(),
    /** The offer's total as the buyer saw it, in dollars. */
    expectedTotal: z.number().nonnegative().max(1_000_000_000).optional(),
  });
export type AcceptQuoteBody = z.infer<typeof AcceptQuoteBodySchema>;

/** PATCH /checkouts/:id after the card payment: the provider's payment id (`pi_…`). */
export const PayCheckoutBodySchema = z.object({ transactionId: TransactionIdSchema });

/** A checkout: the orders placed together, with one address, phone, PO reference and payment. */
export const CheckoutSchema = z.object({
  _id: z.string(),
  /** Stable and shown to the buyer, e.g. 'CO-100007'. */
  number: z.string(),
  poReference: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  /** The sum of the lines still standing, net (a cancelled line no longer counts). */
  total: z.number(),
  /** Their tax, frozen when placed, and what the buyer pays (docs/decisions/0219). */
  tax: TaxSummarySchema.optional(),
  /** How it is delivered and what that costs (absent: placed without a delivery method). */
  delivery: CheckoutDeliverySchema.optional(),
  /** Every standing line is paid. */
  paid: z.boolean(),
  createdAt: z.string(),
  paymentMethod: PaymentMethodSchema,
  /** An invoice checkout's due date (ISO); null for card. */
  dueAt: z.string().nullable(),
  orders: z.array(OrderSchema),
  /**
   * GET /checkouts/:id of an invoice checkout: the account to pay into and the invoice number to quote
   * (docs/decisions/0205). Absent for card checkouts and from other answers.
   */
  bankTransfer: BankTransferSchema.optional(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/**
 * 409 of POST /checkout when a price or the total changed since the buyer looked: the usual error
 * fields and the cart as it is priced now.
 */
export const CheckoutConflictSchema = z.object({
  message: z.string(),
  code: z.string(),
  cart: CartSchema,
});

/** One part of a reorder: then and now. `now` is null when it cannot be ordered today. */
export const ReorderChangeSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  was: z.object({ unitPrice: z.number(), quantity: z.number().int() }),
  now: z.object({ unitPrice: z.number(), quantity: z.number().int() }).nullable(),
  note: z.string(),
});
export type ReorderChange = z.infer<typeof ReorderChangeSchema>;

/** POST /order/:id/reorder and POST /checkouts/:id/reorder: the cart and what changed since. */
export const ReorderResponseSchema = z.object({
  cart: CartSchema,
  changes: z.array(ReorderChangeSchema),
});
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;
