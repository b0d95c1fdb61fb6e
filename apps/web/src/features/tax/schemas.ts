/** The tax forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { TaxRateBodySchema } from '@forgeline/shared/schemas/tax';
