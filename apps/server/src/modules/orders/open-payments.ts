import type { OrderRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { createCheckoutRepository } from './checkouts-repository.ts';

// Part of cancelling lines, like the refund of a paid one: it speaks to the payment provider directly.
/**
 * After lines were cancelled (by the buyer, an admin or the expiry of their hold), once that has
 * committed: the open card payments of those lines ask only what is still owed, or are cancelled when
 * nothing is, so that a card form opened before cannot take the old amount. A provider that cannot be
 * reached leaves the intent as it was: recording its payment refunds what it took beyond what is owed.
 */
export async function adjustOpenPayments(
  deps: Pick<AppDeps, 'db' | 'payments' | 'log'>,
  cancelled: readonly OrderRow[],
): Promise<void> {
  // A paid line's cancel is refunded on its own; only unpaid lines change what an open payment asks.
  const unpaid = cancelled.filter((order) => !order.paid);
  const checkoutIds = new Set(unpaid.flatMap((order) => (order.checkoutId ? [order.checkoutId] : [])));
  const owed: { intentId: string; amountCents: number }[] = unpaid.flatMap((order) =>
    order.paymentIntentId ? [{ intentId: order.paymentIntentId, amountCents: 0 }] : [],
  );
  const checkouts = createCheckoutRepository(deps.db);
  for (const checkoutId of checkoutIds) {
    const checkout = await checkouts.findById(checkoutId);
    if (!checkout?.paymentIntentId) continue;
    const lines = await checkouts.linesOf(checkoutId);
    const dueCents = lines.filter((line) => !line.paid).reduce((sum, line) => sum + line.grossCents, 0);
    owed.push({ intentId: checkout.paymentIntentId, amountCents: dueCents });
  }
  for (const { intentId, amountCents } of owed) {
    try {
      await deps.payments.adjustIntent(intentId, amountCents);
    } catch (error) {
      deps.log.warn({ err: error, intentId, amountCents }, 'open payment not adjusted after a cancel');
    }
  }
}
