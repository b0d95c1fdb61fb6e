// Tax (docs/decisions/0219): how an order is taxed, the shop's rates and companies' exemptions.
export { buyerTaxSummary, taxOrder, taxSummaryOf, type OrderTax } from './service.ts';
