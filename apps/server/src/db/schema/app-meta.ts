import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** Facts about the installation itself, such as 'the demo data was seeded', so that it happens once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
