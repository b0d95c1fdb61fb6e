import { formatMoney } from '@forgeline/shared/money';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import { isoDay } from '../../lib/pdf.ts';
import { adminEmails } from '../users/index.ts';

/**
 * The shop hears of every new order and every payment (docs/decisions/0201): one mail to each admin
 * account, written to the outbox in the transaction of the order or the payment, so that it exists
 * exactly when they commit. It names the buyer and the lines, and links to the admin's order page.
 */
export type AdminOrderMailKind = 'placed' | 'paid';

/** The quote an order was placed from, when it was: its mail then says so (one mail, not two). */
export type OrderOrigin = { quoteNumber: string; quoteId: string };

export function adminOrderMail(
  kind: AdminOrderMailKind,
  checkout: Pick<CheckoutRow, 'number' | 'poReference' | 'paymentMethod' | 'dueAt'> | undefined,
  lines: readonly OrderRow[],
  publicUrl: string,
  origin?: OrderOrigin,
): Omit<MailMessage, 'to'> {
  const [first] = lines;
  const number = checkout?.number ?? first?.number ?? '';
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const po = checkout?.poReference ? ` (PO ${checkout.poReference})` : '';
  const pieces = lines.length === 1 ? '1 line' : `${lines.length} lines`;
  const fromQuote = kind === 'placed' && origin ? ` from quote ${origin.quoteNumber}` : '';
  const how =
    kind === 'paid'
      ? `Paid ${formatMoney(total)}: transaction ${first?.transactionId ?? '-'}.`
      : checkout?.paymentMethod === 'invoice' && checkout.dueAt
        ? `On payment terms: invoiced, due ${isoDay(checkout.dueAt)}. It may ship now.`
        : 'Awaiting card payment: it ships once paid.';
  return {
    subject:
      kind === 'placed'
        ? `New order ${number}${po}${fromQuote}: ${pieces}, ${formatMoney(total)}`
        : `Order paid ${number}${po}: ${formatMoney(total)}`,
    text: [
      kind === 'paid'
        ? 'A customer has paid for an order.'
        : origin
          ? `A customer accepted quote ${origin.quoteNumber}: the order is placed.`
          : 'A customer has placed an order.',
      '',
      `Customer:  ${first?.customerName ?? '-'} <${first?.customerEmail ?? '-'}>`,
      `Order:     ${number}${po}`,
      ...lines.map(
        (line) =>
          `  ${line.number}  ${line.productName}: ${line.quantity} pcs at ${formatMoney(line.priceCents)} = ${formatMoney(line.totalCents)}`,
      ),
      `Total:     ${formatMoney(total)}`,
      how,
      '',
      ...lines.map((line) => `${publicUrl}/dashboard/order/${line.id}`),
      ...(fromQuote && origin ? [`${publicUrl}/dashboard/quotes/${origin.quoteId}`] : []),
      '',
      'Forgeline',
      '',
    ].join('\n'),
  };
}

/** Queues the mail to every admin in `tx`; answers the ids, to deliver once `tx` has committed. */
export async function queueAdminOrderMail(
  deps: Pick<MailDeps, 'mailer' | 'config'>,
  tx: Executor,
  kind: AdminOrderMailKind,
  checkout: Pick<CheckoutRow, 'number' | 'poReference' | 'paymentMethod' | 'dueAt'> | undefined,
  lines: readonly OrderRow[],
  origin?: OrderOrigin,
): Promise<string[]> {
  if (lines.length === 0) return [];
  const message = adminOrderMail(kind, checkout, lines, deps.config.publicUrl, origin);
  const ids: string[] = [];
  for (const to of await adminEmails(tx)) {
    ids.push(await deps.mailer.enqueue(tx, { ...message, to }));
  }
  return ids;
}
