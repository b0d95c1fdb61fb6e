import { formatMoney } from '@forgeline/shared/money';
import { bankTransferSection } from '@forgeline/shared/schemas/bank-transfer';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import { isoDay } from '../../lib/pdf.ts';
import { checkoutBankTransfer } from '../invoices/index.ts';
import { checkoutLines, documentAttachments } from '../orders/index.ts';

/**
 * The one reminder of an overdue invoice on terms, with the invoice attached, queued in the
 * transaction that marks the checkout reminded (docs/decisions/0120). Undefined when nothing is unpaid.
 */
export async function queueReminderMail(
  deps: MailDeps,
  tx: Executor,
  checkout: CheckoutRow,
): Promise<string | undefined> {
  const unpaid = (await checkoutLines(tx, checkout.id)).filter((line) => !line.paid);
  const [first] = unpaid;
  if (!first || !checkout.dueAt) return undefined;
  const attachments = await documentAttachments(deps, tx, first.id, 'invoice');
  const invoiceName = attachments?.[0]?.filename.replace(/\.pdf$/, '') ?? `for ${checkout.number}`;
  const po = checkout.poReference ? ` (PO ${checkout.poReference})` : '';
  const due = unpaid.reduce((sum, line) => sum + line.grossCents, 0);
  const bankTransfer = await checkoutBankTransfer(tx, deps.config, checkout);
  return deps.mailer.enqueue(tx, {
    to: checkout.customerEmail,
    subject: `Payment overdue: invoice ${invoiceName}${po}`,
    text: [
      `Hello ${checkout.customerName},`,
      '',
      `Our invoice ${invoiceName} for order ${checkout.number}${po} was due on ${isoDay(checkout.dueAt)}, and we have not yet received ${formatMoney(due)}.`,
      'Please pay by bank transfer quoting the invoice number. If you have paid in the last few days, thank you, and please ignore this reminder.',
      ...(bankTransfer ? ['', ...bankTransferSection(bankTransfer)] : []),
      '',
      `Your orders: ${deps.config.publicUrl}/dashboard/myOrders`,
      '',
      'Forgeline',
      '',
    ].join('\n'),
    ...(attachments && { attachments }),
  });
}
