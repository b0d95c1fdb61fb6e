// What other modules may use of a company's own part numbers (docs/decisions/0218): resolving the codes a
// buyer typed, the numbers of a set of parts (frozen on an order line), and the routes.
export { partNumberRoutes } from './routes.ts';
export { customerPartNumbersOf, resolveBuyerPartNumbers, resolveCustomerPartNumbers } from './service.ts';
