// What other modules may use of payment terms (docs/architecture.md §10): a checkout placed on terms.
export { assertCreditLine, invoiceTermsCheckout, settleTermsCheckout, termsForCheckout } from './service.ts';
