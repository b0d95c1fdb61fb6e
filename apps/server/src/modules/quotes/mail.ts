import type { Executor } from '../../db/client.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { QuoteRow } from '../../db/schema/index.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import { createQuotesRepository } from './repository.ts';

/**
 * Every step of a quote tells the other side: a request or a buyer's message goes to the admins; an
 * offer, a shop's message or an expiry goes to the buyer; a decline goes to the admins (an acceptance
 * reaches them as the new order's mail, which names the quote).
 * The text carries no words a buyer typed (docs/decisions/0111): only numbers, and links to the site.
 */
export type QuoteMailKind =
  'requested' | 'offered' | 'messageFromBuyer' | 'messageFromSeller' | 'declined' | 'expired';

// An acceptance reaches the admins as the new order's mail, which names the quote (orders/admin-mail.ts).
const TO_ADMINS = new Set<QuoteMailKind>(['requested', 'messageFromBuyer', 'declined']);

export function quoteMail(kind: QuoteMailKind, quote: QuoteRow, publicUrl: string): Omit<MailMessage, 'to'> {
  const link = TO_ADMINS.has(kind)
    ? `${publicUrl}/dashboard/quotes/${quote.id}`
    : `${publicUrl}/dashboard/myQuotes/${quote.id}`;
  const expires = quote.expiresAt ? quote.expiresAt.toISOString().slice(0, 10) : '';
  const { subject, line } = (() => {
    switch (kind) {
      case 'requested':
        return { subject: `Quote requested: ${quote.number}`, line: 'A customer has asked for a quote.' };
      case 'offered':
        return {
          subject: `Your quote ${quote.number} is ready`,
          line: `We have priced your quote. The offer is valid until ${expires}; accept it on the site to order at these prices.`,
        };
      case 'messageFromBuyer':
        return {
          subject: `New message on quote ${quote.number}`,
          line: 'The customer has written on this quote.',
        };
      case 'messageFromSeller':
        return {
          subject: `New message on your quote ${quote.number}`,
          line: 'We have written to you about your quote.',
        };
      case 'declined':
        return { subject: `Quote declined: ${quote.number}`, line: 'This quote was declined and is closed.' };
      case 'expired':
        return {
          subject: `Your quote ${quote.number} has expired`,
          line: 'The offer was not accepted in time. You can ask for a new quote at any time.',
        };
    }
  })();
  return { subject, text: [line, '', link, '', 'Forgeline'].join('\n') };
}

/**
 * Writes the e-mail of one step to the outbox in `tx`, the transaction of the step (decision 0120): to
 * the admins or to the buyer. Answers the messages' ids, to deliver after the commit.
 */
export async function queueQuoteMail(
  deps: Pick<MailDeps, 'mailer' | 'config'>,
  tx: Executor,
  kind: QuoteMailKind,
  quote: QuoteRow,
): Promise<string[]> {
  const message = quoteMail(kind, quote, deps.config.publicUrl);
  const recipients = TO_ADMINS.has(kind)
    ? await createQuotesRepository(tx).adminEmails()
    : [quote.buyerEmail];
  const ids: string[] = [];
  for (const to of recipients) ids.push(await deps.mailer.enqueue(tx, { ...message, to }));
  return ids;
}
