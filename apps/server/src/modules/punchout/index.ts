// Punchout (docs/decisions/0246, 0247): nobody imports it but app.ts, which mounts its routes.
export { punchoutAdminRoutes, punchoutEntryRoutes, punchoutRoutes } from './routes.ts';
