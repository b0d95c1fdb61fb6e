// What other modules may use of API keys (docs/decisions/0234): the routes, and the look-up of a key by
// its secret for the auth plugin.
export { apiKeyAdminRoutes, apiKeyCompanyRoutes } from './routes.ts';
export { noteKeyUse, usableKey } from './service.ts';
