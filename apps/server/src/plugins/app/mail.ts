import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../db/client.ts';
import { writeFileWhole } from '../../lib/files.ts';
import { createOutboxRepository, type OutboxRow } from './outbox-repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /**
   * Set only on the mails that carry nothing a person typed (the confirmation and reset links): those
   * may go to an address whose owner has not confirmed it yet. Every other mail to such an account's
   * address is kept in the outbox unsent (docs/decisions/0131).
   */
  toUnconfirmedAddress?: true;
}

/**
 * How this instance delivers mail (decision 0185): over SMTP; as .eml files in DATA_DIR/outbox (outside
 * production, without SMTP_URL); or not at all (production without SMTP_URL: mails wait in the outbox for
 * an instance that can send them).
 */
export type MailMode = 'smtp' | 'files' | 'off';

export interface Mailer {
  readonly mode: MailMode;
  /**
   * Writes the message to the outbox through `db`: pass the transaction of the change the mail is
   * about, so that the mail exists exactly when the change commits. Answers its id, for deliver().
   */
  enqueue(db: Executor, message: MailMessage): Promise<string>;
  /**
   * Tries to send these queued messages now, once their transaction has committed. A message another
   * instance has claimed is left to it; a failure is left to the retries. Never throws.
   */
  deliver(ids: string[]): Promise<void>;
  /**
   * deliver() in the background: answers at once, so the request that queued the mail answers without
   * waiting for the mail server (docs/decisions/0045). The message is in the outbox already; if this
   * try fails, or the process stops first, the retries send it. Never throws.
   */
  deliverLater(ids: string[]): void;
  /** Resolves once every delivery asked for so far has been tried (shutdown, benches). */
  idle(): Promise<void>;
  /** enqueue() on its own + deliverLater(): for a mail that belongs to no other change (a reset link). */
  send(message: MailMessage): Promise<void>;
  /** Sends what is due in the outbox; answers how many went out. */
  flush(): Promise<number>;
}

const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** The outbox's note on a mail whose sender stopped while handing it over: it may have gone, it is not re-sent. */
export const IN_DOUBT =
  'not re-sent: the instance stopped while handing it to the mail server, which may have taken it (decision 0185)';
/** How long an instance remembers the mails it queued itself, for its retries in 'files' mode. */
const OWN_MAIL_MEMORY_MS = 24 * 3600_000;
/** The outbox's note on a mail never sent because its address was not confirmed (no retry takes it). */
export const NOT_CONFIRMED = 'not sent: the address was not confirmed (decision 0131)';
/**
 * The first try happens right after the request that queued the mail has answered: a mail server that
 * does not answer holds that try for seconds, not nodemailer's default of minutes (the outbox retries
 * later anyway), and never the request itself.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };
/** Mails sent side by side by one delivery (SMTP connections, or outbox files): a burst is not sent in a queue. */
const SENDS_AT_ONCE = 8;
/**
 * Runs a bookkeeping statement of the outbox up to three times, a moment apart: one broken connection
 * (a backend terminated, a fail-over) must not leave a mail claimed for a whole lease or sent but not
 * recorded.
 */
async function retryBriefly(statement: () => Promise<void>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await statement();
    } catch (error) {
      if (tries >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * tries));
    }
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise, outside production, each message is written as an .eml file under
 * DATA_DIR/outbox and its text logged, so that a reset link can be followed on a machine with no mail
 * server; in production without SMTP_URL nothing is sent (mode 'off').
 *
 * Which queued mails an instance takes (decision 0185): over SMTP any that is due, whoever queued it; in
 * 'files' mode only its own, unless its database is the embedded one no other instance can open (a file
 * on this machine is no delivery: taking another instance's mail would lose it); when 'off', none.
 */
export function createMailer(options: {
  db: Database;
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  /** NODE_ENV=production: without SMTP_URL, mail is off rather than written to files. */
  production?: boolean;
  /** The database is a server other instances may share (PostgreSQL), not the embedded one. */
  sharedDatabase?: boolean;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Mailer {
  const mode: MailMode = options.smtpUrl ? 'smtp' : options.production ? 'off' : 'files';
  const takes = mode === 'off' ? 'none' : mode === 'files' && options.sharedDatabase ? 'own' : 'any';
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = createOutboxRepository(options.db, MAX_ATTEMPTS);
  let outboxDirMade: Promise<unknown> | undefined;
  /** When takes === 'own': the mails this instance queued and has not sent yet, with when it queued them. */
  const own = new Map<string, number>();
  /** The ids this instance may take: all of `ids` (undefined: any due mail), or only its own of them. */
  function mayTake(ids: string[] | undefined): string[] | undefined {
    if (takes === 'any') return ids;
    if (takes === 'none') return [];
    for (const [id, queuedAt] of own) if (queuedAt < Date.now() - OWN_MAIL_MEMORY_MS) own.delete(id);
    return (ids ?? [...own.keys()]).filter((id) => own.has(id));
  }

  async function transmit(row: OutboxRow): Promise<void> {
    const info = await transport.sendMail({
      from: options.from,
      // One Message-ID per outbox row: should a message ever go twice (the database lost between the
      // mail server's 'OK' and our 'sent'), mail clients show it once.
      messageId: `<${row.id}@forgeline.outbox>`,
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
      // Made once, not before every message (a failed write makes it again on the retry).
      outboxDirMade ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
        outboxDirMade = undefined;
        throw error;
      });
      await outboxDirMade;
      const file = path.join(
        options.outboxDir,
        `${row.createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`,
      );
      try {
        await writeFileWhole(file, (info as { message: Buffer }).message);
      } catch (error) {
        outboxDirMade = undefined; // the folder may have gone: the retry makes it again
        throw error;
      }
      options.log.info(
        { to: row.toAddress, file },
        `mail written to the outbox: ${row.subject}\n${row.textBody}`,
      );
    }
  }

  /**
   * Sends the claimed rows, a few at a time (the last order of a burst must not wait for every mail before
   * it, one after another, on a slow mail server), then records every one that went in one statement.
   */
  async function attempt(rows: OutboxRow[]): Promise<number> {
    const sent: string[] = [];
    let next = 0;
    const sender = async () => {
      for (let row = rows[next++]; row; row = rows[next++]) {
        try {
          // Recorded first: should this process stop while the mail server takes it, no one sends it again.
          await retryBriefly(() => outbox.markSending(row.id));
        } catch {
          continue; // the database is away: the claim's lease runs out and a retry takes it
        }
        try {
          await transmit(row);
          sent.push(row.id);
          own.delete(row.id);
        } catch (error) {
          await failed(row, error).catch((recordError: unknown) =>
            // Not recorded: the row stays begun and is closed as in doubt, never sent twice.
            options.log.warn({ err: recordError, to: row.toAddress }, 'mail failure not recorded'),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, rows.length) }, sender));
    if (sent.length === 0) return 0;
    // Sent: recording it must not fail on one broken connection, or the mail is closed as in doubt.
    await retryBriefly(() => outbox.markSent(sent));
    return sent.length;
  }

  async function failed(row: OutboxRow, error: unknown) {
    const attempts = row.attempts + 1;
    const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
    await outbox.markFailed(row.id, attempts, String(error).slice(0, 500), new Date(Date.now() + delay));
    options.log.warn({ to: row.toAddress, attempts, err: String(error) }, 'mail not sent; will retry');
  }

  /**
   * Deliveries asked for while one is under way wait and go together in the next: one claim and one
   * 'sent' for a burst of orders instead of two statements each. Each caller still resumes only once
   * its own messages were tried.
   */
  let running: Promise<void> = Promise.resolve();
  let next: { ids: string[]; done: Promise<void> } | undefined;
  function deliverSoon(ids: string[]): Promise<void> {
    if (!next) {
      const batch = { ids: [] as string[], done: Promise.resolve() };
      batch.done = running.then(async () => {
        if (next === batch) next = undefined;
        await deliverNow(batch.ids);
      });
      running = batch.done;
      next = batch;
    }
    next.ids.push(...ids);
    return next.done;
  }

  async function deliverNow(ids: string[]): Promise<void> {
    const mine = mayTake(ids) ?? [];
    if (mine.length === 0) return;
    try {
      await attempt(await outbox.claim(mine, mine.length));
    } catch (error) {
      // The database went away after the change committed: the retry loop sends it later.
      options.log.warn({ err: error, ids }, 'mail queued, not sent yet; the outbox retries it');
    }
  }

  const mailer: Mailer = {
    mode,

    async enqueue(db, message) {
      // A stranger who signed up with someone's address must not make us write to it in our voice.
      const row = await createOutboxRepository(db, MAX_ATTEMPTS).insert(
        {
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
        },
        !message.toUnconfirmedAddress,
        NOT_CONFIRMED,
      );
      if (row.lastError === NOT_CONFIRMED)
        options.log.info(
          { to: message.to },
          `mail not sent, the address is not confirmed: ${message.subject}`,
        );
      else if (takes === 'own') own.set(row.id, Date.now());
      return row.id;
    },

    async deliver(ids) {
      if (ids.length > 0) await deliverSoon(ids);
    },

    deliverLater(ids) {
      // deliverSoon() never rejects (deliverNow catches); the catch only keeps that a promise.
      if (ids.length > 0) deliverSoon(ids).catch(() => undefined);
    },

    async idle() {
      // A delivery asked for while we waited chains onto `running`: wait until nothing new was added.
      for (let last = running; ;) {
        await last;
        if (last === running) return;
        last = running;
      }
    },

    async send(message) {
      mailer.deliverLater([await mailer.enqueue(options.db, message)]);
    },

    async flush() {
      if (takes === 'none') return 0;
      for (const row of await outbox.closeInDoubt(IN_DOUBT))
        options.log.warn({ to: row.toAddress, id: row.id }, `mail ${IN_DOUBT}`);
      // One message per claim: each lease starts when its own attempt does.
      let sent = 0;
      for (;;) {
        const ids = mayTake(undefined);
        if (ids?.length === 0) return sent;
        const [row] = await outbox.claim(ids, 1);
        if (!row) return sent;
        sent += await attempt([row]);
      }
    },
  };
  return mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ sharedDatabase: boolean }>(
  async (app, { sharedDatabase }) => {
    const mailer = createMailer({
      db: app.db,
      from: app.config.MAIL_FROM,
      smtpUrl: app.config.SMTP_URL,
      outboxDir: path.join(app.config.dataDir, 'outbox'),
      production: app.config.NODE_ENV === 'production',
      sharedDatabase,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    if (mailer.mode === 'off')
      app.log.error(
        'mail: OFF. SMTP_URL is not set in production: no e-mail leaves this instance (order, payment-link and reset mails wait in the outbox for an instance with SMTP_URL). Set SMTP_URL.',
      );
    else
      app.log.info(
        mailer.mode === 'smtp'
          ? 'mail: sent over SMTP (SMTP_URL)'
          : `mail: written as files to ${path.join(app.config.dataDir, 'outbox')} (no SMTP_URL)`,
      );
    // Mails on their first try after an answer: let them finish before the database closes (a mail
    // server that hangs is not waited for beyond its connect time-out; the retries send that one).
    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        mailer.idle(),
        new Promise((resolve) => (timer = setTimeout(resolve, SMTP_TIMEOUTS.connectionTimeout))),
      ]);
      clearTimeout(timer);
    });
    // Send what is due (retries, and mails whose first try never happened: the process or the
    // database went away after the commit), every MAIL_RETRY_INTERVAL_MS, as a job on the queue
    // (docs/decisions/0242). Not in tests, unless JOBS=on: they flush.
    app.jobs.every('mail-outbox', app.config.MAIL_RETRY_INTERVAL_MS / 1000, () => mailer.flush(), {
      // A send that hangs is cut off by the SMTP time-outs well before this.
      expireInSeconds: 5 * 60,
    });
  },
  { name: 'mail', dependencies: ['db', 'jobs'] },
);
