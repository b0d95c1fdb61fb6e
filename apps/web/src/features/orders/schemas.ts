/** The order form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { purchaseFormSchema } from '@forgeline/shared/schemas/order';
