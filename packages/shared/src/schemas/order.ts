import { z } from 'zod';
import { fromFormField } from '../form-number.ts';
import { LIMITS } from '../constants.ts';
import { messages } from '../messages.ts';
import { PhoneSchema, singleLineText } from './common.ts';
import { whenMissing } from './plain-issues.ts';

/**
 * An order on the wire. `totalPrize` is the spec's spelling; status 'shipped' or anything else = pending,
 * except 'cancelled': the order stays on record (decision 0195); a paid one was refunded (`paid` stays
 * true: it was paid), one on terms credited.
 */
export const OrderSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  productName: z.string(),
  /** The buyer's company's own number for the part, frozen when the order was placed (decision 0218). */
  customerPartNumber: z.string().nullable().optional(),
  price: z.number(),
  address: z.string(),
  phone: z.string(),
  buyQuantity: z.number().int(),
  totalPrize: z.number(),
  /** The line's tax frozen when placed (dollars), its rate in percent, and net plus tax (docs/decisions/0219). */
  tax: z.number().optional(),
  taxRate: z.number().optional(),
  totalWithTax: z.number().optional(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  status: z.enum(['pending', 'shipped', 'cancelled']),
  createdAt: z.string(),
  /** The order number a buyer quotes (e.g. 'SO-100245'): stable, not the row's position in a list. */
  number: z.string(),
  paidAt: z.string().nullable(),
  /** When its last piece left. */
  shippedAt: z.string().nullable(),
  /**
   * Pieces gone in shipments so far (decision 0232): between 0 and buyQuantity while status is
   * 'pending' it reads 'Partly shipped'; status 'shipped' still means every piece has gone.
   */
  shippedQuantity: z.number().int().optional(),
  /**
   * Pieces still waiting for stock (decision 0238): only `buyQuantity - backorderedQuantity` may ship;
   * they ship in about `leadTimeDays` days from the order.
   */
  backorderedQuantity: z.number().int().optional(),
  leadTimeDays: z.number().int().nullable().optional(),
  cancelledAt: z.string().nullable(),
  /** The checkout it was placed in (every order has one; a single-product order is a checkout of one). */
  checkoutId: z.string().nullable(),
  checkoutNumber: z.string().nullable(),
  poReference: z.string().nullable(),
  /**
   * Set when the order was placed on payment terms: it is awaiting payment until this date (ISO) and
   * may ship before it is paid. Null for card orders.
   */
  dueAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * What cancelling an order would do, as the confirmation dialog says it before the user confirms:
 * a refund of `amount` (dollars) to the card that paid, a credit note for an order on terms, or nothing.
 */
export const CancelPreviewSchema = z.object({
  outcome: z.enum(['refund', 'creditNote', 'nothing']),
  amount: z.number(),
  message: z.string(),
});
export type CancelPreview = z.infer<typeof CancelPreviewSchema>;

/**
 * The purchase form's schema for one product: quantity between minOrder and availableQuantiity with
 * the spec's messages. The server uses the same rule against the product it reads itself.
 */
export const purchaseFormSchema = (bounds: { minOrder: number; availableQuantiity: number }) =>
  z.object({
    address: singleLineText('Address', messages.addressRequired, LIMITS.addressMax),
    phone: PhoneSchema,
    buyQuantity: z.preprocess(
      fromFormField(undefined),
      z
        .number({ error: messages.quantityRequired })
        .int('Quantity must be a whole number')
        .min(bounds.minOrder, messages.quantityBelowMinimum(bounds.minOrder))
        .max(bounds.availableQuantiity, messages.quantityAboveAvailable),
    ),
  });

/** A number that may arrive as a numeric string from a form; an empty field counts as missing. */
const formNumber = (requiredMessage: string) =>
  z.preprocess(fromFormField(undefined), z.number({ error: requiredMessage }).finite(requiredMessage));

/**
 * POST /order. The spec's body carries name, email, productName, price and totalPrize too: name and
 * email are taken from the session (the body's are ignored); the figures are the server's, and a body
 * whose figures disagree with them is refused with 409. Quantity bounds are checked against the product.
 */
export const CreateOrderBodySchema = z.object({
  productId: z
    .string({ error: whenMissing('productId is required') })
    .trim()
    .min(1, 'productId is required')
    .max(100),
  address: singleLineText('Address', messages.addressRequired, LIMITS.addressMax),
  phone: PhoneSchema,
  buyQuantity: formNumber(messages.quantityRequired).pipe(z.number().int('Quantity must be a whole number')),
  name: z.string().max(500).nullish(),
  email: z.string().max(500).nullish(),
  productName: z.string().max(500).nullish(),
  price: formNumber('price must be a number').optional(),
  totalPrize: formNumber('totalPrize must be a number').optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** GET /order/delivery: the part and quantity of the spec's order form, before it is confirmed. */
export const OrderDeliveryQuerySchema = z.object({
  productId: CreateOrderBodySchema.shape.productId,
  buyQuantity: CreateOrderBodySchema.shape.buyQuantity,
});
export type OrderDeliveryQuery = z.infer<typeof OrderDeliveryQuerySchema>;

/** The Mongo-style results the spec's client reads (`insertedId`, `modifiedCount`, `deletedCount`). */
export const InsertResultSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export const ModifiedResultSchema = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number().int(),
});
export const DeletedResultSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});

/** POST /create-payment-intent: the amount always comes from the order; `totalPrize` is accepted and ignored. */
export const CreatePaymentIntentBodySchema = z.object({
  orderId: z
    .string({ error: whenMissing('orderId is required') })
    .trim()
    .min(1, 'orderId is required')
    .max(100),
  totalPrize: z.unknown().optional(),
});
export const PaymentIntentResponseSchema = z.object({ clientSecret: z.string() });

/** The provider's payment id (`pi_…`) the browser reports after a card payment. */
export const TransactionIdSchema = z
  .string({ error: 'transactionId is required' })
  .trim()
  .min(1, 'transactionId is required')
  .max(255, 'transactionId is not valid');

/** PATCH /order/:id after a card payment. */
export const PayOrderBodySchema = z.object({
  transactionId: TransactionIdSchema,
  order: z.unknown().optional(),
});

/** The built-in test processor's card form (the SPA's own card entry when the provider is 'test'). */
export const TestCardConfirmBodySchema = z.object({
  clientSecret: z
    .string({ error: whenMissing('clientSecret is required') })
    .min(1, 'clientSecret is required')
    .max(255),
  cardNumber: z.string({ error: whenMissing('cardNumber is required') }).max(40),
  expMonth: z.union([z.number(), z.string().max(4)]),
  expYear: z.union([z.number(), z.string().max(6)]),
  cvc: z.string({ error: whenMissing('cvc is required') }).max(10),
});
export type TestCardConfirmBody = z.infer<typeof TestCardConfirmBodySchema>;

export const TestCardConfirmResponseSchema = z.object({
  paymentIntent: z.object({
    id: z.string(),
    status: z.literal('succeeded'),
    amount: z.number().int(),
    currency: z.string(),
  }),
});

/** A card refused by the processor: Stripe's message and code (402). */
export const CardErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  declineCode: z.string().optional(),
});

/** GET /config: which card entry the SPA shows. */
export const PaymentsConfigSchema = z.object({
  payments: z.object({ provider: z.enum(['test', 'stripe']), publishableKey: z.string().nullable() }),
  /** How long an unpaid card order holds its stock before it is cancelled (PAYMENT_WINDOW_MINUTES). */
  orders: z.object({ paymentWindowMinutes: z.number() }),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;
