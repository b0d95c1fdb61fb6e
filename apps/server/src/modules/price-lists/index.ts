// The shop admin's price lists, customer groups and part visibility (decision 0217): only its routes.
export { priceListAdminRoutes } from './routes.ts';
