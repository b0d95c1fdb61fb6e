import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the installation itself, such as 'the demo data was seeded', so that it happens once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
