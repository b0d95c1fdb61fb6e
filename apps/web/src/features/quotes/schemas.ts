/** The quote forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { AcceptQuoteBodySchema } from '@forgeline/shared/schemas/checkout';
export { OfferQuoteFormSchema } from '@forgeline/shared/schemas/quote';
