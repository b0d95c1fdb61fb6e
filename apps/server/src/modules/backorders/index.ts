// What other modules may use of back-orders (docs/architecture.md §10): the receipt's fill, the admin list.
export { fillBackorders, listBackorders, type Fill } from './service.ts';
export { backorderAdminRoutes } from './routes.ts';
