import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../plugins/app/mail.ts';

/**
 * The two mails an address gets before its owner has confirmed it (docs/decisions/0131). They carry
 * nothing a person typed, not even the name: only our words and a link of ours.
 */
export const resetMail = (to: string, url: string): MailMessage => ({
  to,
  toUnconfirmedAddress: true,
  subject: 'Reset your Forgeline password',
  text: `Hello,\n\nSomeone (we hope you) asked to reset the password of your Forgeline account, or to sign up again with\nthis address, which already has one. Open this link within an hour to choose a new password:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
});

export const confirmMail = (to: string, url: string, publicUrl: string): MailMessage => ({
  to,
  toUnconfirmedAddress: true,
  subject: 'Confirm your Forgeline e-mail address',
  text: `Hello,\n\nA Forgeline account was opened with this address. If it was you, open this link in the browser you signed up with, within three days, to confirm the address; order and quote e-mails reach you from then on:\n\n${url}\n\nIf it was not you, we send nothing else here until the address is confirmed. The address stays yours: choose a password for it at ${publicUrl}/resetPass and the account is yours, everyone else signed out.\n`,
});

/**
 * Queues the mail in the request and sends it after the answer: a slow mail server must not tell, by
 * the time a request takes, an address we know from one we don't.
 */
export async function sendAfterAnswer(mailer: Mailer, db: Database, message: MailMessage): Promise<void> {
  const id = await mailer.enqueue(db, message);
  mailer.deliverLater([id]);
}
