import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail server of the test's own: every message the app sends, as it arrived (raw). */
export interface SmtpInbox {
  url: string;
  messages: string[];
  close(): Promise<void>;
}

export function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
        messages,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** How many 'Order received' messages arrived per order id. */
export function orderReceivedMails(inbox: SmtpInbox): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of inbox.messages) {
    if (!/^Subject: Order received/m.test(raw)) continue;
    // The order's id is in its pay link (the text names the order by its number); quoted-printable may
    // have folded that long line ('=' at a line's end).
    const id = /\/dashboard\/payment\/([0-9a-f-]{36})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
