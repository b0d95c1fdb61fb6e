import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  /** Queues the message durably, then tries to send it at once. Never throws for a delivery failure. */
  send(message: MailMessage): Promise<void>;
  /** Sends what is due in the outbox; answers how many went out. */
  flush(): Promise<number>;
}

const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * The first try happens inside the request that queued the mail: a mail server that does not answer
 * costs that request seconds, not nodemailer's default of minutes (the outbox retries later anyway).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox and
 * its text logged, so that a reset link can be followed on a machine with no mail server.
 */
export function createMailer(options: {
  db: Database;
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(row: typeof outboxMessages.$inferSelect): Promise<void> {
    const info = await transport.sendMail({
      from: options.from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody && { html: row.htmlBody }),
      ...(row.attachments && {
        attachments: row.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.contentBase64, 'base64'),
        })),
      }),
    });
    if (!options.smtpUrl) {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${row.createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`,
      );
      await writeFile(file, (info as { message: Buffer }).message);
      options.log.info(
        { to: row.toAddress, file },
        `mail written to the outbox: ${row.subject}\n${row.textBody}`,
      );
    }
  }

  async function attempt(row: typeof outboxMessages.$inferSelect): Promise<boolean> {
    try {
      await deliver(row);
      await options.db
        .update(outboxMessages)
        .set({ sentAt: new Date(), attempts: row.attempts + 1 })
        .where(eq(outboxMessages.id, row.id));
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
      await options.db
        .update(outboxMessages)
        .set({
          attempts,
          lastError: String(error).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(eq(outboxMessages.id, row.id));
      options.log.warn({ to: row.toAddress, attempts, err: String(error) }, 'mail not sent; will retry');
      return false;
    }
  }

  return {
    async send(message) {
      const [row] = await options.db
        .insert(outboxMessages)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          attachments:
            message.attachments?.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              contentBase64: file.content.toString('base64'),
            })) ?? null,
        })
        .returning();
      if (row) await attempt(row);
    },

    async flush() {
      // Claim due messages by pushing their next attempt forward, so two instances don't send one twice.
      const due = await options.db
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() + interval '10 minutes'` })
        .where(
          and(
            isNull(outboxMessages.sentAt),
            lte(outboxMessages.nextAttemptAt, new Date()),
            sql`${outboxMessages.attempts} < ${MAX_ATTEMPTS}`,
          ),
        )
        .returning();
      let sent = 0;
      for (const row of due) if (await attempt(row)) sent += 1;
      return sent;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer({
      db: app.db,
      from: app.config.MAIL_FROM,
      smtpUrl: app.config.SMTP_URL,
      outboxDir: path.join(app.config.dataDir, 'outbox'),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    // Retry what could not be sent, once a minute (not in tests: they call flush themselves).
    if (app.config.NODE_ENV !== 'test') {
      const timer = setInterval(() => {
        mailer.flush().catch((error: unknown) => app.log.warn({ err: error }, 'mail retry failed'));
      }, 60_000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'mail', dependencies: ['db'] },
);
