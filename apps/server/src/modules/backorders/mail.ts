import type { Executor } from '../../db/client.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import type { FilledLine } from './repository.ts';

/**
 * The buyer's mail when a goods receipt fills their back-ordered lines: which pieces are now in stock
 * (they leave with the next shipment) and what still waits. One mail per buyer per receipt, however
 * many of their lines it served.
 */
export function backorderFilledMail(lines: readonly FilledLine[], publicUrl: string): MailMessage {
  const first = lines[0]!;
  const all = lines.every((line) => line.stillWaiting === 0);
  const items = lines.map(
    (line) =>
      `  ${line.number}  ${line.productName}: ${line.pieces} pcs now in stock` +
      (line.stillWaiting > 0 ? ` (${line.stillWaiting} still on back-order)` : ''),
  );
  const what =
    lines.length === 1
      ? `${first.pieces} pcs of ${first.productName}`
      : `${lines.length} back-ordered parts of your orders`;
  const text = [
    `Hello ${first.customerName},`,
    '',
    all
      ? 'The parts you were waiting for have come in: they leave with our next shipment, and we will write again with its tracking.'
      : 'Some of the parts you were waiting for have come in: they leave with our next shipment; we will write again when the rest arrives.',
    '',
    ...items,
    '',
    `Your orders: ${publicUrl}/dashboard/myOrders`,
    '',
    'Forgeline',
    '',
  ].join('\n');
  return { to: first.customerEmail, subject: `In stock: ${what}`, text };
}

/** Writes one mail per buyer to the outbox in `tx`, the receipt's own transaction (docs/decisions/0120). */
export async function queueBackorderFilledMails(
  deps: MailDeps,
  tx: Executor,
  lines: readonly FilledLine[],
): Promise<string[]> {
  const byBuyer = new Map<string, FilledLine[]>();
  for (const line of lines)
    byBuyer.set(line.customerEmail, [...(byBuyer.get(line.customerEmail) ?? []), line]);
  const ids: string[] = [];
  for (const own of byBuyer.values()) {
    ids.push(await deps.mailer.enqueue(tx, backorderFilledMail(own, deps.config.publicUrl)));
  }
  return ids;
}
