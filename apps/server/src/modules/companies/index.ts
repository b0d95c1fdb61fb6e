// What other modules may use of companies (docs/decisions/0213): the terms and credit line, the address
// book at checkout, spending limits and order requests, and the routes.
export { companyAdminRoutes } from './admin-routes.ts';
export { companyRoutes } from './routes.ts';
export { deliveryFor, requireMembership, requireRight } from './service.ts';
export { getTerms, lockCompanyCredit, setPersonTerms } from './terms.ts';
export { decideRequest, lockPendingRequest, requestApproval, type RequestDraft } from './requests.ts';
export type { StoredRequestLine } from './mappers.ts';
