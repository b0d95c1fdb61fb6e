import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.ts';

/** A file sent with a message (an invoice PDF), kept in the outbox row so a retry sends the same bytes. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Every e-mail is written here before it is sent, and marked sent after: a message the mail server
 * refused or could not take is retried later, by whichever instance gets to it first.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: primaryId(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When an instance began handing the message to the mail server. Set and no `sentAt` long after:
     * the instance stopped mid-way, the mail may have gone, and it is not sent again (decision 0185).
     */
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_messages_pending_idx').on(table.sentAt, table.nextAttemptAt)],
);
