import { createServer, type AddressInfo, type Socket } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';
import type { App } from '../../src/app.ts';
import { outboxMessages } from '../../src/db/schema/index.ts';

/** A mail as the test's SMTP server received it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface TestSmtp {
  port: number;
  /** Every message accepted so far, in the order the server answered them. */
  inbox: ReceivedMail[];
  setAccepting(value: boolean): void;
  /** How long the server takes to answer each message's data (a slow mail server). */
  setDelay(ms: number): void;
  /**
   * Holds every message's answer until the returned function is called (a mail server stuck for as long
   * as the test likes): what is sent meanwhile has not arrived, and arrives after the release.
   */
  hold(): () => void;
  /** The most messages held at once since the last call, which starts counting again. */
  takeMostInFlight(): number;
  close(): Promise<void>;
}

/** A real SMTP server in the test: what the app sends crosses the SMTP protocol, like in production. */
export function startSmtp(): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  let accepting = true;
  let delayMs = 0;
  let held: Promise<void> | undefined;
  // Messages the server holds at once (between their data and its answer): how many senders are at work.
  let inFlight = 0;
  let mostInFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(accepting ? undefined : Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        const answer = () => {
          inFlight -= 1;
          inbox.push({
            to: session.envelope.rcptTo[0]?.address ?? '',
            ...readMessage(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        };
        void (held ?? Promise.resolve()).then(() => setTimeout(answer, delayMs));
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.server.address() as AddressInfo).port,
        inbox,
        setAccepting: (value) => {
          accepting = value;
        },
        setDelay: (ms) => {
          delayMs = ms;
        },
        hold: () => {
          let release = () => undefined as void;
          held = new Promise<void>((resolve) => (release = resolve));
          return () => {
            held = undefined;
            release();
          };
        },
        takeMostInFlight: () => {
          const most = mostInFlight;
          mostInFlight = inFlight;
          return most;
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** Enough of RFC 5322 and quoted-printable to read our own plain-text messages. */
function readMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
  const text = body
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject, text };
}

/**
 * Waits until a mail that `matches` has arrived in the inbox and answers it. Mail is sent after the
 * request that queued it has answered (docs/decisions/0045): a test polls for it, up to `timeout` ms.
 */
export async function waitForMail(
  smtp: Pick<TestSmtp, 'inbox'>,
  matches: (mail: ReceivedMail) => boolean,
  timeout = 10_000,
): Promise<ReceivedMail> {
  return vi.waitFor(
    () => {
      const mail = smtp.inbox.find(matches);
      if (!mail) throw new Error('the mail has not arrived yet');
      return mail;
    },
    { timeout, interval: 50 },
  );
}

/** A mail server that accepts connections and never says a word (not even its greeting). */
export function startSilentSmtp(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        connections: () => connections,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Waits until the outbox row `id` has been sent (the app's own outbox without SMTP writes the message to
 * a file, then marks the row) and answers the row, up to `timeout` ms.
 */
export async function waitForSent(app: App, id: string, timeout = 10_000) {
  return vi.waitFor(
    async () => {
      const [row] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      if (!row?.sentAt) throw new Error(`mail ${id} not sent yet`);
      return row;
    },
    { timeout, interval: 50 },
  );
}

/** The mails queued in the outbox for `email`, oldest first. */
export const outboxMailsTo = (app: App, email: string) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
