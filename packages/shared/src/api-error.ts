import { z } from 'zod';

/** The one error shape of the API (docs/architecture.md §3). `details` carries per-field messages for a 400. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Every code the API answers with in `code`, and what it means: the one catalogue. The server throws
 * them as domain errors and chooses each one's HTTP status in one place (apps/server/src/lib/errors.ts);
 * the web may branch on them. A new refusal gets a line here.
 */
export const ERROR_CATALOGUE = {
  // Generic
  VALIDATION_FAILED: 'The request is not valid; `details` names the fields and what is wrong with each.',
  UNAUTHORIZED: 'Not signed in, or the session or access token has ended.',
  FORBIDDEN: 'Signed in, but not allowed to do this.',
  NOT_FOUND: 'No such thing, or not one the caller may see.',
  CONFLICT: 'The request clashes with the current state.',
  PAYLOAD_TOO_LARGE: 'The body or upload is larger than allowed.',
  UNSUPPORTED_MEDIA_TYPE: 'The body is in a content type this endpoint does not take.',
  RATE_LIMITED: 'Too many requests from this caller for now.',
  INTERNAL: 'Something failed on the server; the message says nothing more.',
  SERVICE_UNAVAILABLE: 'The server or a service it needs is not available right now.',
  STORAGE_FULL:
    "The server's disk has no room left: nothing was saved; the same request works once room is made.",
  OPERATION_NOT_ALLOWED: 'The operation is not set up on this site (Google sign-in without keys).',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used before for another operation, target or body.',
  // Orders, cart and checkout
  PRODUCT_CHANGED: 'The product was renamed since the customer saw it.',
  PRICE_CHANGED: 'The price changed since the customer saw it.',
  TOTAL_MISMATCH: 'The total the customer saw is not the total of this order.',
  CART_CHANGED: 'The cart changed since the customer saw it.',
  OUT_OF_STOCK: 'Not enough pieces in stock for the order.',
  UNPAID_HOLD_LIMIT: 'Card orders of this customer lapsed unpaid too often today.',
  CHECKOUT_EMPTY: 'Every line of the checkout was cancelled.',
  ORDER_SHIPPED: 'A shipped order cannot be cancelled.',
  ORDER_PAID: 'A paid order can only be cancelled by the shop.',
  ORDER_UNPAID: 'Only a paid order can be shipped.',
  OVER_SHIPPED: 'A shipment would take more pieces of a line than are left to ship of it.',
  BACKORDERED: 'A shipment would take pieces of a line that are still back-ordered (waiting for stock).',
  RETURN_NOT_SHIPPED: 'Only shipped pieces of an order line can be returned.',
  RETURN_WINDOW_CLOSED: 'The days for returning pieces of the line have passed.',
  RETURN_TOO_MANY: 'More pieces than were shipped and not already returned (or asked back).',
  RETURN_STATUS: 'The return is not at the step this action needs (decided, received or refunded already).',
  ORDER_CANCELLED: 'The order was cancelled: it can no longer be paid, shipped or cancelled again.',
  ORDER_ALREADY_PAID: 'The order is paid already (by another payment).',
  ORDER_ON_TERMS: 'The order is on payment terms: it is paid by transfer, not by card.',
  // Payments
  PAYMENT_NOT_FOUND: 'The provider has no payment with that id.',
  PAYMENT_ORDER_MISMATCH: 'The payment was made for another order.',
  PAYMENT_NOT_SUCCEEDED: 'The payment has not gone through.',
  PAYMENT_AMOUNT_MISMATCH: "The payment does not cover the order's total.",
  PAYMENT_CANCELED: 'The payment was cancelled.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment provider could not be reached.',
  INVALID_SIGNATURE: 'A webhook delivery without a valid signature.',
  INVALID_EVENT: 'A signed webhook delivery that is not a provider event.',
  // Payment terms
  PAYMENT_TERMS_NOT_APPROVED: 'The customer is not approved to pay by invoice.',
  CREDIT_LIMIT_EXCEEDED: "The order would take the customer's unpaid invoices over the credit limit.",
  NOT_ON_TERMS: 'The checkout is paid by card, not on payment terms.',
  // Quotes
  QUOTE_NOT_OFFERED: 'The quote has not been priced yet.',
  QUOTE_ACCEPTED: 'The quote has been accepted already.',
  QUOTE_DECLINED: 'The quote was declined and is closed.',
  QUOTE_EXPIRED: 'The offer has expired.',
  QUOTE_PRODUCT_GONE: 'A product of the quote is no longer sold.',
  QUOTE_REVISED: 'The offer was revised since the buyer saw it.',
  // Companies (docs/decisions/0213)
  LAST_COMPANY_ADMIN: 'The company would be left without a company admin.',
  ALREADY_MEMBER: 'The person is already a member of this company.',
  ALREADY_IN_COMPANY: 'The person already belongs to a company.',
  INVITATION_PENDING: 'The address already has an invitation waiting.',
  INVITATION_EXPIRED: 'The invitation link has expired.',
  REQUEST_DECIDED: 'The order request was decided (or withdrawn) already.',
  OWN_REQUEST: 'An order request cannot be approved by the buyer who made it.',
  APPLICATION_PENDING: 'The person has an application waiting already.',
  APPLICATION_DECIDED: 'The application was decided already.',
  OVER_SPENDING_LIMIT: "The order is over the buyer's spending limit.",
  // Tax (docs/decisions/0219)
  TAX_RATE_MISSING: 'No tax rate is set where the order must be taxed: it is refused, never taxed at zero.',
  TAX_RATE_OVERLAP: 'Another rate of the same place and category is valid on some of the same days.',
  // Delivery (docs/decisions/0235)
  DELIVERY_UNAVAILABLE:
    'The delivery method chosen does not serve this destination or order (or is not offered).',
  DELIVERY_REQUIRED: 'The shop offers delivery methods: a checkout must choose one.',
  FREIGHT_NOT_PRICED:
    'The freight is quoted on request and not priced yet: the order cannot be paid until it is.',
  FREIGHT_ALREADY_PRICED: 'The freight of this checkout is priced already (or it is not quoted on request).',
  UNKNOWN_ZONE: 'A delivery rate names a zone the shop does not have.',
  // Users
  LAST_ADMIN: 'The last admin cannot be deleted.',
  SELF_DELETE: 'An admin cannot delete their own account from the users list.',
  // Images
  IMAGE_TOO_LARGE: 'The photo has too many pixels.',
  INVALID_IMAGE: 'The file is not a photo the server can read.',
  INVALID_MULTIPART: 'The upload is not a valid multipart form with an image file.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
