import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate`), committed, and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
  casing: 'snake_case',
});
