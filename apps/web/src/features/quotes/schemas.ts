/** The accept-offer form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { AcceptQuoteBodySchema } from '@forgeline/shared/schemas/checkout';
