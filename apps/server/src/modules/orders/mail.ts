import { COLLECTION_ADDRESS } from '@forgeline/shared/delivery';
import { formatMoney } from '@forgeline/shared/money';
import { backorderNote } from '@forgeline/shared/backorders';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import { documentExtras, documentsOfOrder, invoiceAttachment } from '../invoices/index.ts';
import { createOrdersRepository } from './repository.ts';

/** Where the parts go, or that the buyer collects them from the works (decision 0268). */
export const deliverTo = (placed: { address: string; phone: string }) =>
  placed.address === COLLECTION_ADDRESS
    ? `Collection: from the works, phone ${placed.phone}`
    : `Deliver to: ${placed.address}, phone ${placed.phone}`;

/**
 * The e-mails a customer gets about an order: placed (with the link to pay), paid (a receipt), and
 * cancelled by the shop or for want of payment. A cancel of their own needs no mail; each shipment sends
 * its own (modules/shipments).
 */
export type OrderMailKind = 'placed' | 'paid' | 'cancelledByShop' | 'expired';

const summary = (order: OrderRow) =>
  [
    // The number the buyer sees in My Orders and quotes to us, never the row's id (links carry that).
    `Order:      ${order.number}`,
    `Product:    ${order.productName}`,
    `Quantity:   ${order.quantity} pcs at ${formatMoney(order.priceCents)} / piece`,
    // Pieces waiting for stock and when they should ship (decision 0238).
    ...(backorderNote(order) ? [`Back-order: ${backorderNote(order)}`] : []),
    ...(order.taxCents > 0
      ? [`Net:        ${formatMoney(order.totalCents)}`, `Tax:        ${formatMoney(order.taxCents)}`]
      : []),
    `Total:      ${formatMoney(order.grossCents)}`,
    deliverTo(order),
  ].join('\n');

export function orderMail(
  kind: OrderMailKind,
  order: OrderRow,
  site: { publicUrl: string; windowMinutes: number },
): MailMessage {
  const myOrders = `${site.publicUrl}/dashboard/myOrders`;
  const hello = `Hello ${order.customerName},`;
  // Providers name brands in lower case ('visa', 'mastercard'); a letter reads better capitalised.
  const brand = order.cardBrand ? order.cardBrand.charAt(0).toUpperCase() + order.cardBrand.slice(1) : '';
  const card = brand && order.cardLast4 ? `${brand} card ending ${order.cardLast4}` : '';
  const body = (() => {
    switch (kind) {
      case 'placed':
        return {
          subject: `Order received: ${order.quantity} pcs of ${order.productName}`,
          lines: [
            `Thank you for your order. We are holding the stock for it for ${site.windowMinutes} minutes while you pay.`,
            `Please pay within ${site.windowMinutes} minutes of placing it, or the order is cancelled and the stock released:`,
            `${site.publicUrl}/dashboard/payment/${order.id}`,
          ],
        };
      case 'paid':
        return {
          subject: `Payment received: ${order.productName}`,
          lines: [
            `We have received your payment of ${formatMoney(order.grossCents)}${card && ` by ${card}`}.`,
            `Transaction id: ${order.transactionId ?? '-'}`,
            'We will write again when the order ships.',
          ],
        };
      case 'cancelledByShop':
        return {
          subject: `Order cancelled: ${order.productName}`,
          lines: [
            'We have cancelled your order.',
            cancelledMoneyLine(order, card),
            `If you have a question about it, write to us through the form on ${site.publicUrl}/#contact.`,
          ],
        };
      case 'expired':
        return {
          subject: `Order cancelled, unpaid: ${order.productName}`,
          lines: [
            `Your order was not paid within ${site.windowMinutes} minutes, so we have cancelled it and released the stock.`,
            'Nothing was charged. You are welcome to order again.',
          ],
        };
    }
  })();
  return {
    to: order.customerEmail,
    subject: body.subject,
    text: [
      hello,
      '',
      ...body.lines,
      '',
      summary(order),
      '',
      `Your orders: ${myOrders}`,
      '',
      'Forgeline',
      '',
    ].join('\n'),
  };
}

/** The order's invoice or credit note as a PDF attachment, when it has one (read through `db`). */
export async function documentAttachments(
  deps: MailDeps,
  db: Executor,
  orderId: string,
  kind: 'invoice' | 'credit_note',
): Promise<MailMessage['attachments']> {
  try {
    const documents = await documentsOfOrder(db, orderId);
    const document = documents.find((doc) => doc.kind === kind);
    return document
      ? [await invoiceAttachment(document, deps.config, await documentExtras(db, document))]
      : undefined;
  } catch (error) {
    // The mail still goes, without the PDF: the buyer can download it from My Orders.
    deps.log.error({ err: error, orderId, kind }, 'document could not be attached');
    return undefined;
  }
}

/**
 * Writes the mail to the outbox in `tx`, the transaction of the order's change (docs/decisions/0120):
 * the mail exists exactly when the change commits, so none is lost to a crash between the two and a
 * failure to queue undoes the change. Answers the message id: deliver it after the commit.
 */
export async function queueOrderMail(
  deps: MailDeps,
  tx: Executor,
  kind: OrderMailKind,
  order: OrderRow,
  extras: { attachments?: MailMessage['attachments'] } = {},
): Promise<string> {
  const { attachments } = extras;
  return deps.mailer.enqueue(tx, {
    ...orderMail(kind, order, {
      publicUrl: deps.config.publicUrl,
      windowMinutes: deps.config.PAYMENT_WINDOW_MINUTES,
    }),
    ...(attachments && { attachments }),
  });
}

/** The receipt, with the order as it now is in `tx` (paid, with its card and transaction id) and its invoice. */
export async function queuePaidMail(
  deps: MailDeps,
  tx: Executor,
  orderId: string,
): Promise<string | undefined> {
  const order = await createOrdersRepository(tx).findById(orderId);
  if (!order?.paid) return undefined;
  return queueOrderMail(deps, tx, 'paid', order, {
    attachments: await documentAttachments(deps, tx, order.id, 'invoice'),
  });
}

/** What became of the money of an order the shop cancelled (its credit note, if any, is attached). */
function cancelledMoneyLine(order: OrderRow, card: string): string {
  const amount = formatMoney(order.grossCents);
  // On terms, paid by transfer: no card to refund to; the shop transfers it back.
  if (order.paid && order.dueAt)
    return `Your bank transfer of ${amount} (reference ${order.transactionId ?? '-'}) will be paid back to you by bank transfer; the credit note is attached.`;
  if (order.paid)
    return `Your payment of ${amount} has been refunded${card && ` to the ${card}`}; banks take 5 to 10 days to show it.`;
  if (order.dueAt) return `Its invoice is credited: nothing is owed for it. The credit note is attached.`;
  return 'It was not paid, so nothing was charged.';
}
