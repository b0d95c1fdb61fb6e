// A part's documents (decision 0233): what other modules and the app may use.
export { documentAdminRoutes, documentRoutes } from './routes.ts';
