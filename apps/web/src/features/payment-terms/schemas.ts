/** The payment-terms forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { MarkPaidBodySchema, PaymentTermsFormSchema } from '@forgeline/shared/schemas/payment-terms';
