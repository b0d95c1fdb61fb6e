import type { OrderRow } from '../../db/schema/index.ts';
import { CURRENCY, type ProviderIntent } from './providers/types.ts';
import type { ErrorCode } from '@forgeline/shared/api-error';

export type PaymentVerdict = { ok: true } | { ok: false; code: ErrorCode; message: string };

/** The provider has no payment with the id the browser reported: for one order and a checkout alike. */
export const NO_SUCH_PAYMENT = {
  ok: false,
  code: 'PAYMENT_NOT_FOUND',
  message: 'No payment with that transaction id was found.',
} as const satisfies PaymentVerdict;

/**
 * Whether a provider's payment pays for this order: it exists, was opened for this order (or for the
 * checkout it belongs to), succeeded, in our currency, for at least `dueCents` (the order's total, or
 * for a checkout's payment the total of the lines it pays). The only gate between 'unpaid' and 'paid'.
 */
export function judgePayment(
  intent: ProviderIntent | null,
  order: OrderRow,
  dueCents: number = order.grossCents,
): PaymentVerdict {
  if (!intent) return NO_SUCH_PAYMENT;
  if (order.status === 'cancelled') {
    return {
      ok: false,
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled, so it can no longer be paid.',
    };
  }
  const forThisOrder =
    intent.orderId === order.id || (intent.checkoutId !== null && intent.checkoutId === order.checkoutId);
  if (!forThisOrder) {
    return { ok: false, code: 'PAYMENT_ORDER_MISMATCH', message: 'That payment was made for another order.' };
  }
  if (intent.status !== 'succeeded') {
    return {
      ok: false,
      code: 'PAYMENT_NOT_SUCCEEDED',
      message: `That payment has not gone through (its status is '${intent.status}'). Please pay for the order first.`,
    };
  }
  if (intent.currency !== CURRENCY || intent.amountReceivedCents < dueCents) {
    return {
      ok: false,
      code: 'PAYMENT_AMOUNT_MISMATCH',
      message: "That payment does not cover the order's total.",
    };
  }
  return { ok: true };
}
