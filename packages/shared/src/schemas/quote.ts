import { z } from 'zod';
import { fromFormField } from '../form-number.ts';
import { LineQuantitySchema, MULTI_LINE, notMultiLine } from './common.ts';
import { hasWholeCents, toDollars } from '../money.ts';
import { TaxSummarySchema } from './tax.ts';
import { LIMITS } from '../constants.ts';
import { QUOTE_LIMITS, QUOTE_STATUSES } from '../schema-constants.ts';

/**
 * Quotes: a buyer asks for prices on some parts, the shop offers a price per line with an expiry, the
 * buyer accepts (the quote becomes a checkout at those prices) or declines; an offer not accepted in
 * time expires. Both sides can write messages on the quote.
 */
export const QuoteLineSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  /** The list price per piece when the quote was asked for. */
  listPrice: z.number(),
  targetPrice: z.number().nullable(),
  offeredPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
});

export const QuoteMessageSchema = z.object({
  _id: z.string(),
  author: z.enum(['buyer', 'seller']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const QuoteSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  buyerName: z.string(),
  buyerEmail: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  offeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The offered total (net), once there is an offer. */
  total: z.number().nullable(),
  /** GET /quotes/:id of an offer: the tax it would bear if accepted now, and the gross. */
  tax: TaxSummarySchema.optional(),
  /**
   * Names the offer as it stands (its prices, quantities and time): changes whenever the shop revises
   * it. Accepting sends it back, so that a revised offer is never accepted unseen.
   */
  offerVersion: z.string().nullable(),
  checkoutId: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  lines: z.array(QuoteLineSchema),
  messages: z.array(QuoteMessageSchema),
});
export type Quote = z.infer<typeof QuoteSchema>;

const price = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive(`${field} must be more than 0`)
    .max(toDollars(LIMITS.priceMaxCents), `${field} is too large`)
    .refine(hasWholeCents, `${field} can have at most 2 decimals`);

const quoteQuantity = LineQuantitySchema;

export const RequestQuoteBodySchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().trim().min(1, 'productId is required').max(100),
        quantity: quoteQuantity,
        targetPrice: price('Target price').nullish(),
      }),
    )
    .min(1, 'Add at least one part to the quote')
    .max(QUOTE_LIMITS.linesMax, `A quote can have at most ${QUOTE_LIMITS.linesMax} lines`),
  note: z
    .string()
    .trim()
    .max(QUOTE_LIMITS.noteMax, `The note must be ${QUOTE_LIMITS.noteMax} characters or fewer`)
    .regex(MULTI_LINE, notMultiLine('The note'))
    .nullish(),
});
export type RequestQuoteBody = z.infer<typeof RequestQuoteBodySchema>;

/** The shop's message with an offer (it goes into the buyer's mail). */
const offerMessage = z
  .string()
  .trim()
  .max(QUOTE_LIMITS.messageMax, `A message must be ${QUOTE_LIMITS.messageMax} characters or fewer`)
  .regex(MULTI_LINE, notMultiLine('The message'));

const offerValidDays = z
  .number()
  .int('Must be a whole number of days')
  .min(QUOTE_LIMITS.validDaysMin, `The offer must be valid for at least ${QUOTE_LIMITS.validDaysMin} day`)
  .max(QUOTE_LIMITS.validDaysMax, `The offer can be valid for at most ${QUOTE_LIMITS.validDaysMax} days`);

export const OfferQuoteBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string().max(100),
        price: price('Price'),
        /** The shop may revise the quantity asked for, within the part's rules; omitted keeps it. */
        quantity: quoteQuantity.optional(),
      }),
    )
    .min(1, 'Give a price for every line')
    .max(QUOTE_LIMITS.linesMax),
  validDays: offerValidDays.default(QUOTE_LIMITS.validDaysDefault),
  message: offerMessage.nullish(),
});
export type OfferQuoteBody = z.infer<typeof OfferQuoteBodySchema>;

/** The shop's offer form: the body's rules, with its numbers as typed (form-number.ts). */
export const OfferQuoteFormSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string().max(100),
        price: z.preprocess(fromFormField(undefined), price('Price')),
        quantity: z.preprocess(fromFormField(undefined), quoteQuantity),
      }),
    )
    .min(1, 'Give a price for every line')
    .max(QUOTE_LIMITS.linesMax),
  validDays: z.preprocess(fromFormField(undefined), offerValidDays),
  message: offerMessage,
});
export type OfferQuoteFormInput = z.input<typeof OfferQuoteFormSchema>;
export type OfferQuoteFormValues = z.output<typeof OfferQuoteFormSchema>;

export const QuoteMessageBodySchema = z.object({
  body: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(QUOTE_LIMITS.messageMax, `A message must be ${QUOTE_LIMITS.messageMax} characters or fewer`)
    .regex(MULTI_LINE, notMultiLine('The message')),
});

export const QuoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
});
