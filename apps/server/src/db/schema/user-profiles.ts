import { pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { updatedAt } from './columns.ts';

/** The profile of docs/product.md §2 (phone, address, profession), one per user; gone with the user. */
export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  address: text('address'),
  profession: text('profession'),
  updatedAt: updatedAt(),
});

export type UserProfileRow = typeof userProfiles.$inferSelect;
