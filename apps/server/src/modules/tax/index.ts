// Tax (docs/decisions/0219, 0231): how an order is taxed, the shop's rates and companies' exemptions.
export { buyerTaxSummary, taxOrder, taxSummaryOf, type OrderTax } from './service.ts';
export { taxAdminRoutes, taxCompanyRoutes } from './routes.ts';
