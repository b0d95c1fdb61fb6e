// Approvals place orders for someone else (docs/decisions/0214); only the app's routes use this module.
export { approvalAdminRoutes, approvalRoutes } from './routes.ts';
