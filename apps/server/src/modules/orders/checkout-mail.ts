import { deliverTo } from './mail.ts';
import { formatMoney } from '@forgeline/shared/money';
import { bankTransferSection, type BankTransfer } from '@forgeline/shared/schemas/bank-transfer';
import { backorderNote } from '@forgeline/shared/backorders';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import { isoDay } from '../../lib/pdf.ts';
import { checkoutBankTransfer } from '../invoices/index.ts';
import { documentAttachments } from './mail.ts';
import { createCheckoutRepository } from './checkouts-repository.ts';

/**
 * The e-mails of a checkout: one when it is placed (with the link to pay all of it) and one receipt when
 * it is paid, each listing every line, instead of one mail per line (forty parts, two mails).
 */

const lineText = (order: OrderRow) => {
  const waiting = backorderNote(order);
  return `  ${order.number}  ${order.productName}: ${order.quantity} pcs at ${formatMoney(order.priceCents)} = ${formatMoney(order.totalCents)}${waiting ? ` (${waiting})` : ''}`;
};

export function checkoutMail(
  kind: 'placed' | 'paid',
  checkout: CheckoutRow,
  lines: readonly OrderRow[],
  site: { publicUrl: string; windowMinutes: number },
  /** On terms: where to pay and the invoice number to quote. */
  bankTransfer?: BankTransfer,
): MailMessage {
  // What is paid: net plus tax (docs/decisions/0219); the net and the tax are listed when tax applies.
  const net = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const total = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const taxLines =
    checkout.taxTreatment === 'none'
      ? []
      : [
          `Net:        ${formatMoney(net)}`,
          `Tax:        ${formatMoney(total - net)}${checkout.taxNote ? ` (${checkout.taxNote})` : ''}`,
        ];
  const po = checkout.poReference ? ` (PO ${checkout.poReference})` : '';
  const [first] = lines;
  const card =
    first?.cardBrand && first.cardLast4
      ? ` by ${first.cardBrand.charAt(0).toUpperCase()}${first.cardBrand.slice(1)} card ending ${first.cardLast4}`
      : '';
  const onTerms = checkout.paymentMethod === 'invoice' && checkout.dueAt;
  const intro =
    kind === 'placed' && onTerms
      ? [
          'Thank you for your order. It is on your payment terms: we ship it without waiting for payment.',
          `Our invoice is attached. Please pay ${formatMoney(total)} by bank transfer by ${isoDay(checkout.dueAt!)} (net ${checkout.termsDays} days), quoting the invoice number.`,
          ...(bankTransfer ? ['', ...bankTransferSection(bankTransfer)] : []),
        ]
      : kind === 'placed'
        ? [
            `Thank you for your order. We are holding the stock for every line for ${site.windowMinutes} minutes while you pay.`,
            `Please pay within ${site.windowMinutes} minutes of placing it, or unpaid lines are cancelled and their stock released:`,
            `${site.publicUrl}/checkout/${checkout.id}`,
          ]
        : [
            `We have received your payment of ${formatMoney(total)}${card}.`,
            `${onTerms ? 'Payment reference' : 'Transaction id'}: ${first?.transactionId ?? '-'}`,
            'Every line ships on its own; we will write as each one leaves our works.',
          ];
  return {
    to: checkout.customerEmail,
    subject:
      kind === 'placed'
        ? `Order received: ${checkout.number}${po}, ${lines.length} lines`
        : `Payment received: ${checkout.number}${po}`,
    text: [
      `Hello ${checkout.customerName},`,
      '',
      ...intro,
      '',
      `Checkout:   ${checkout.number}${po}`,
      ...lines.map(lineText),
      ...taxLines,
      `Total:      ${formatMoney(total)}`,
      deliverTo(checkout),
      '',
      `Your orders: ${site.publicUrl}/dashboard/myOrders`,
      '',
      'Forgeline',
      '',
    ].join('\n'),
  };
}

const site = (deps: MailDeps) => ({
  publicUrl: deps.config.publicUrl,
  windowMinutes: deps.config.PAYMENT_WINDOW_MINUTES,
});

/** Queued in the checkout's own transaction (docs/decisions/0120): deliver the id after the commit. */
export async function queueCheckoutPlacedMail(
  deps: MailDeps,
  tx: Executor,
  placed: { checkout: CheckoutRow; orders: OrderRow[] },
): Promise<string> {
  // On terms the invoice exists already (issued with the checkout): it goes with this mail, and its
  // number is the reference the buyer quotes with the transfer.
  const bankTransfer = await checkoutBankTransfer(tx, deps.config, placed.checkout);
  const message = checkoutMail('placed', placed.checkout, placed.orders, site(deps), bankTransfer);
  const [first] = placed.orders;
  const attachments =
    bankTransfer && first ? await documentAttachments(deps, tx, first.id, 'invoice') : undefined;
  return deps.mailer.enqueue(tx, { ...message, ...(attachments && { attachments }) });
}

/**
 * The receipt of the checkout's payment, queued in the payment's transaction, with the lines as they
 * now are in `tx` (paid, with the card) and the one invoice of all of them.
 */
export async function queueCheckoutPaidMail(
  deps: MailDeps,
  tx: Executor,
  checkoutId: string,
  paidOrders: readonly OrderRow[],
): Promise<string | undefined> {
  const repository = createCheckoutRepository(tx);
  const checkout = await repository.findById(checkoutId);
  const paid = new Set(paidOrders.map((order) => order.id));
  const lines = (await repository.linesOf(checkoutId)).filter((line) => paid.has(line.id) && line.paid);
  const [first] = lines;
  if (!checkout || !first) return undefined;
  const attachments = await documentAttachments(deps, tx, first.id, 'invoice');
  return deps.mailer.enqueue(tx, {
    ...checkoutMail('paid', checkout, lines, site(deps)),
    ...(attachments && { attachments }),
  });
}
