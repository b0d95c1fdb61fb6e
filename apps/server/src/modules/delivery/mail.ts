import { centsFigure } from '@forgeline/shared/money';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';

const money = (cents: number) => `$${centsFigure(cents)}`;

/** The buyer's mail when the shop has priced the freight quoted on request: what to pay now, and where. */
export function queueFreightPricedMail(
  deps: MailDeps,
  tx: Executor,
  checkout: CheckoutRow,
  unpaid: readonly OrderRow[],
  freight: { cents: number; taxCents: number },
): Promise<string> {
  const goods = unpaid.reduce((sum, line) => sum + line.totalCents + line.taxCents, 0);
  const due = goods + freight.cents + freight.taxCents;
  const how =
    checkout.paymentMethod === 'invoice'
      ? 'It is added to your invoice on your payment terms.'
      : 'You can now pay your order by card.';
  const text = [
    `Hello ${checkout.customerName},`,
    '',
    `We have priced the freight of your order ${checkout.number}${checkout.deliveryMethodName ? ` (${checkout.deliveryMethodName})` : ''}:`,
    '',
    `Freight:    ${money(freight.cents)}`,
    ...(freight.taxCents > 0 ? [`Its tax:    ${money(freight.taxCents)}`] : []),
    `To pay:     ${money(due)}`,
    '',
    how,
    `Your orders: ${deps.config.publicUrl}/dashboard/myOrders`,
    '',
    'Forgeline',
    '',
  ].join('\n');
  return deps.mailer.enqueue(tx, {
    to: checkout.customerEmail,
    subject: `Freight priced for your order ${checkout.number}`,
    text,
  });
}
