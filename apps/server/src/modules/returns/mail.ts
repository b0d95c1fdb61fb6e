import { formatMoney } from '@forgeline/shared/money';
import { REFUND_METHODS, RETURN_REASONS } from '@forgeline/shared/returns';
import type { Executor } from '../../db/client.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import type { ReturnView } from './repository.ts';

export type ReturnStep = 'requested' | 'approved' | 'refused' | 'received' | 'refunded';

/** What each step tells the buyer, after the return's own lines. */
function stepText(step: ReturnStep, view: ReturnView): { subject: string; lines: string[] } {
  const what = `${view.quantity} pcs of ${view.productName}`;
  switch (step) {
    case 'requested':
      return {
        subject: `Return ${view.number} requested: ${what}`,
        lines: ['We have your request to return these pieces. We will write when we have looked at it.'],
      };
    case 'approved':
      return {
        subject: `Return ${view.number} approved: please send ${what}`,
        lines: [
          `Please send the pieces back to us, with the return number ${view.number} on the parcel.`,
          ...(view.note ? ['', `Our note: ${view.note}`] : []),
        ],
      };
    case 'refused':
      return {
        subject: `Return ${view.number} refused`,
        lines: ['We cannot take these pieces back.', '', `Why: ${view.note ?? '-'}`],
      };
    case 'received':
      return {
        subject: `Return ${view.number} received`,
        lines: ['The pieces have arrived at our works. We will refund them shortly.'],
      };
    case 'refunded':
      return {
        subject: `Return ${view.number} refunded: ${formatMoney(view.refundedCents ?? 0)}`,
        lines: [
          `${REFUND_METHODS[view.refundMethod ?? 'card']}: ${formatMoney(view.refundedCents ?? 0)}.`,
          ...(view.refundMethod === 'card' ? ['Banks take 5 to 10 days to show a refund.'] : []),
          ...(view.creditNoteNumber ? [`Credit note ${view.creditNoteNumber} is attached.`] : []),
        ],
      };
  }
}

/** The buyer's mail about one step of a return. */
export function returnMail(step: ReturnStep, view: ReturnView, publicUrl: string): MailMessage {
  const { subject, lines } = stepText(step, view);
  const text = [
    `Hello ${view.customerName},`,
    '',
    ...lines,
    '',
    `Return:     ${view.number}`,
    `Order:      ${view.orderNumber}`,
    `Pieces:     ${view.quantity} pcs of ${view.productName}`,
    `Reason:     ${RETURN_REASONS[view.reason]}${view.comment ? ` (${view.comment})` : ''}`,
    '',
    `Your orders and returns: ${publicUrl}/dashboard/myOrders`,
    '',
    'Forgeline',
    '',
  ].join('\n');
  return { to: view.customerEmail, subject, text };
}

/** Writes the step's mail to the outbox in `tx`, the step's own transaction (docs/decisions/0120). */
export const queueReturnMail = (
  deps: MailDeps,
  tx: Executor,
  step: ReturnStep,
  view: ReturnView,
  attachments?: MailMessage['attachments'],
): Promise<string> =>
  deps.mailer.enqueue(tx, {
    ...returnMail(step, view, deps.config.publicUrl),
    ...(attachments && { attachments }),
  });
