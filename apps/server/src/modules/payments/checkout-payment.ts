import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { CheckoutRow, OrderRow } from '../../db/schema/index.ts';
import { type Actor, checkoutLines, findCheckout, setCheckoutPaymentIntent } from '../orders/index.ts';
import {
  freightNotPriced,
  onTerms,
  PAYMENT_ID_PATTERN,
  recordCheckoutPayment,
  REUSABLE,
  withPaymentRecording,
} from './service.ts';
import { NO_SUCH_PAYMENT } from './verdict.ts';

const alreadyPaid = () => conflict('This checkout is already paid.', 'ORDER_ALREADY_PAID');

/** The buyer's own checkout with its standing lines; anyone else's does not exist for them. */
async function ownCheckout(deps: Pick<AppDeps, 'db'>, user: Actor, id: string) {
  const checkout = await findCheckout(deps.db, id);
  if (!checkout || checkout.userId !== user.id) throw notFound('Checkout');
  const lines = await checkoutLines(deps.db, checkout.id);
  if (checkout.paymentMethod === 'invoice') throw onTerms();
  if (checkout.deliveryStatus === 'awaiting_quote') throw freightNotPriced();
  if (lines.length === 0) {
    throw conflict(
      'Every line of this checkout was cancelled, so it can no longer be paid.',
      'ORDER_CANCELLED',
    );
  }
  return { checkout, lines };
}

const dueOf = (lines: readonly OrderRow[]) =>
  lines.filter((line) => !line.paid).reduce((sum, line) => sum + line.grossCents, 0);

/** Records what the provider says about an intent of this checkout; answers how many lines it paid now. */
async function settle(deps: AppDeps, checkout: CheckoutRow, intentId: string): Promise<number> {
  const intent = await deps.payments.retrieveIntent(intentId);
  if (!intent) throw conflict(NO_SUCH_PAYMENT.message, NO_SUCH_PAYMENT.code);
  if (intent.checkoutId !== checkout.id) {
    throw conflict('That payment was made for something else.', 'PAYMENT_ORDER_MISMATCH');
  }
  if (intent.status !== 'succeeded') {
    throw conflict(
      `That payment has not gone through (its status is '${intent.status}'). Please pay first.`,
      'PAYMENT_NOT_SUCCEEDED',
    );
  }
  const results = await withPaymentRecording(deps, (tx, record) =>
    recordCheckoutPayment(deps, tx, record, { ...intent, checkoutId: checkout.id }),
  );
  const refused = results.find((result) => result.kind === 'refused');
  if (refused?.kind === 'refused') throw conflict(refused.message, refused.code);
  return results.filter((result) => result.kind === 'recorded').length;
}

/** Whether the open intent now asks `amountCents` (false when the provider kept it as it was). */
async function adjustedTo(deps: AppDeps, intentId: string, amountCents: number): Promise<boolean> {
  try {
    await deps.payments.adjustIntent(intentId, amountCents);
  } catch (error) {
    deps.log.warn({ err: error, intentId }, 'open payment not adjusted; a new one is opened');
    return false;
  }
  const now = await deps.payments.retrieveIntent(intentId);
  return now !== null && REUSABLE.has(now.status) && now.amountCents === amountCents;
}

/**
 * Opens (or reuses) one card payment for every unpaid line of the buyer's checkout; the amount is the
 * sum of those lines as stored, never a figure from the browser. Answers the client secret.
 */
export async function openCheckoutPayment(deps: AppDeps, user: Actor, checkoutId: string): Promise<string> {
  const { checkout, lines } = await ownCheckout(deps, user, checkoutId);
  const due = dueOf(lines);
  if (due === 0) throw alreadyPaid();

  if (checkout.paymentIntentId) {
    const open = await deps.payments.retrieveIntent(checkout.paymentIntentId);
    // Paid at the provider, not yet recorded here (a lost confirm or webhook): record it now.
    if (open?.status === 'succeeded') {
      await settle(deps, checkout, open.id);
      throw alreadyPaid();
    }
    if (open?.clientSecret && REUSABLE.has(open.status)) {
      if (open.amountCents === due) return open.clientSecret;
      // What is owed changed (a line cancelled): the open intent asks the new amount, and the card
      // form the buyer may still have open cannot take the old one.
      if (await adjustedTo(deps, open.id, due)) return open.clientSecret;
    }
  }
  const intent = await deps.payments.createIntent({
    checkoutId: checkout.id,
    amountCents: due,
    previous: checkout.paymentIntentId,
  });
  if (!(await setCheckoutPaymentIntent(deps.db, checkout.id, intent.id, checkout.paymentIntentId))) {
    // A parallel call recorded its intent first: answer that one, so the checkout has one open intent.
    const now = await findCheckout(deps.db, checkout.id);
    const winner = now?.paymentIntentId ? await deps.payments.retrieveIntent(now.paymentIntentId) : null;
    if (winner?.clientSecret) return winner.clientSecret;
  }
  if (!intent.clientSecret) throw new Error('the provider returned an intent without a client secret');
  return intent.clientSecret;
}

/**
 * The buyer says this payment paid their checkout: once the provider confirms it succeeded for this
 * checkout, in full, every unpaid line is marked paid with its id. Idempotent: answers how many lines
 * this call marked paid (0 when they already were, by this payment).
 */
export async function confirmCheckoutPayment(
  deps: AppDeps,
  user: Actor,
  checkoutId: string,
  transactionId: string,
): Promise<number> {
  const { checkout, lines } = await ownCheckout(deps, user, checkoutId);
  if (!PAYMENT_ID_PATTERN.test(transactionId)) {
    throw badRequest('transactionId is not a payment id.', {
      transactionId: 'transactionId is not a payment id.',
    });
  }
  if (dueOf(lines) === 0) {
    if (lines.some((line) => line.transactionId === transactionId)) return 0;
    throw alreadyPaid();
  }
  return settle(deps, checkout, transactionId);
}
