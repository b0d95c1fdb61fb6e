// What other modules may use of API keys (docs/decisions/0234): the routes. The auth plugin finds a key
// by its secret through lookup.ts, which does not reach back to the plugin.
export { apiKeyAdminRoutes, apiKeyCompanyRoutes } from './routes.ts';
