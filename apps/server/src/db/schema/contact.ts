import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.ts';

/** Messages of the home page's 'Send Us Email' form, read by admins on /dashboard/messages. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: primaryId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** The footer's Newsletter box: one row per address (stored lower-case). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: primaryId(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_idx').on(table.email)],
);

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
