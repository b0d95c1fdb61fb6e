import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fixedStatement } from '../../db/fixed-statement.ts';
import { outboxMessages, users } from '../../db/schema/index.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof outboxMessages.$inferInsert,
  'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attachments'
>;

/**
 * A sender claims a message by pushing its next attempt this far ahead: no other instance takes it
 * meanwhile, and if the sender dies mid-way the message is due again after it. Longer than the SMTP
 * timeouts of mail.ts put together.
 */
const LEASE = sql`interval '2 minutes'`;

/**
 * insert()'s statement, of fixed shape (every mail of an order goes through it, docs/decisions/0050).
 * With `holdIfUnconfirmed`, a message to the address of an account whose owner has not confirmed it is
 * stored already spent (`spent` attempts, `heldNote` as its error): decided in the INSERT itself.
 */
const insertMessage = fixedStatement<
  {
    to: string;
    toLowerCase: string;
    subject: string;
    text: string;
    html: string | null;
    attachments: string | null;
    holdIfUnconfirmed: boolean;
    spent: number;
    heldNote: string;
  },
  { id: string; last_error: string | null }
>('outbox_insert', () => {
  const value = (name: string) => sql.placeholder(name);
  return sql`with held as (
      select ${value('holdIfUnconfirmed')}::boolean and exists (
        select 1 from ${users} where lower(${users.email}) = ${value('toLowerCase')} and not ${users.emailVerified}
      ) as yes
    )
    insert into ${outboxMessages} (to_address, subject, text_body, html_body, attachments, attempts, last_error)
    select ${value('to')}, ${value('subject')}, ${value('text')}, ${value('html')}, ${value('attachments')}::jsonb,
      case when held.yes then ${value('spent')}::int else 0 end,
      case when held.yes then ${value('heldNote')}::text end
    from held
    returning id, last_error`;
});

/** The mail outbox (decisions 0005, 0120): the only SQL of plugins/app/mail.ts. */
export function createOutboxRepository(db: Executor, maxAttempts: number) {
  return {
    /**
     * Writes a message; when `holdIfUnconfirmed`, a message to an unconfirmed account's address is
     * stored already spent (every attempt used, `heldNote` as its error), in the same statement.
     */
    async insert(
      message: NewOutboxMessage,
      holdIfUnconfirmed: boolean,
      heldNote: string,
    ): Promise<{ id: string; lastError: string | null }> {
      const [row] = await insertMessage(db, {
        to: message.toAddress,
        toLowerCase: message.toAddress.toLowerCase(),
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody ?? null,
        attachments: message.attachments ? JSON.stringify(message.attachments) : null,
        holdIfUnconfirmed,
        spent: maxAttempts,
        heldNote,
      });
      if (!row) throw new Error('outbox insert returned no row');
      return { id: row.id, lastError: row.last_error };
    },

    /**
     * Claims the due, unsent messages (of `ids`, or any) and answers them: one UPDATE, so of two
     * senders racing for a row exactly one gets it (the other, once the row lock is released, finds it
     * no longer due). SKIP LOCKED lets the loser move on to other rows instead of waiting.
     */
    claim(ids: string[] | undefined, limit: number): Promise<OutboxRow[]> {
      return db
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() + ${LEASE}` })
        .where(
          inArray(
            outboxMessages.id,
            db
              .select({ id: outboxMessages.id })
              .from(outboxMessages)
              .where(
                and(
                  ids && inArray(outboxMessages.id, ids),
                  isNull(outboxMessages.sentAt),
                  isNull(outboxMessages.sendingSince),
                  lte(outboxMessages.nextAttemptAt, sql`now()`),
                  sql`${outboxMessages.attempts} < ${maxAttempts}`,
                ),
              )
              .orderBy(outboxMessages.nextAttemptAt)
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
    },

    /** Recorded just before the message is handed to the mail server (at most once: decision 0185). */
    async markSending(id: string): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ sendingSince: sql`now()` })
        .where(eq(outboxMessages.id, id));
    },

    /**
     * Messages whose sender stopped while handing them to the mail server (begun, never recorded as
     * sent or failed, longer ago than a claim's lease): they may have gone, so they are closed with
     * `note` instead of being sent a second time. Answers their ids and addresses, for the log.
     */
    closeInDoubt(note: string): Promise<{ id: string; toAddress: string }[]> {
      return db
        .update(outboxMessages)
        .set({ attempts: maxAttempts, lastError: note })
        .where(
          and(
            isNull(outboxMessages.sentAt),
            lte(outboxMessages.sendingSince, sql`now() - ${LEASE}`),
            sql`${outboxMessages.attempts} < ${maxAttempts}`,
          ),
        )
        .returning({ id: outboxMessages.id, toAddress: outboxMessages.toAddress });
    },

    async markSent(ids: string[]): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1` })
        .where(inArray(outboxMessages.id, ids));
    },

    async markFailed(id: string, attempts: number, lastError: string, nextAttemptAt: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ attempts, lastError, nextAttemptAt, sendingSince: null })
        .where(eq(outboxMessages.id, id));
    },
  };
}
