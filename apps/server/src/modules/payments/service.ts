import type { Executor } from '../../db/client.ts';
import type { OrderRow, TestPaymentIntentRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { issueInvoice, type InvoiceContext } from '../invoices/index.ts';
import { findProducts } from '../products/index.ts';
import {
  type Actor,
  findCheckout,
  findOrder,
  lockCheckoutLines,
  lockOrder,
  markOrderPaid,
  ownOrder,
  queueAdminOrderMail,
  queueCheckoutPaidMail,
  queuePaidMail,
  setOrderPaymentIntent,
} from '../orders/index.ts';
import { checkTestCard, type CardInput, type CardOutcome } from './providers/test-cards.ts';
import { testIntentToProvider } from './providers/test-processor.ts';
import type { ProviderEvent, ProviderIntent } from './providers/types.ts';
import { createPaymentsRepository } from './repository.ts';
import { judgePayment } from './verdict.ts';
import type { ErrorCode } from '@forgeline/shared/api-error';
import { centsFigure } from '@forgeline/shared/money';

/** Payment ids as Stripe writes them; anything else cannot name a payment. */
export const PAYMENT_ID_PATTERN = /^pi_[A-Za-z0-9]{1,200}$/;

/** Statuses in which an open intent can still be paid, so a new attempt reuses it. */
export const REUSABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

/** An invoice checkout is paid by transfer against its invoice, not by card (decision 0112). */
export const onTerms = () =>
  conflict(
    'This order is on payment terms: please pay its invoice by bank transfer by the due date.',
    'ORDER_ON_TERMS',
  );

const alreadyPaid = () => conflict('This order is already paid.', 'ORDER_ALREADY_PAID');
const cancelled = () => conflict('This order was cancelled, so it can no longer be paid.', 'ORDER_CANCELLED');

/**
 * What recording a payment did: `recorded` (the order is paid now, by this payment), `duplicate`
 * (it was paid by this payment before), `paidOtherwise` (another payment paid it), or `refused` (this
 * payment does not pay this order: the verdict says why).
 */
export type PaymentRecord =
  | { kind: 'recorded' | 'duplicate' | 'paidOtherwise' }
  | { kind: 'refused'; code: ErrorCode; message: string };

/** `dueCents`: what the payment must cover (the order's total, or every unpaid line of its checkout). */
export type RecordPayment = (
  order: OrderRow,
  intent: ProviderIntent | null,
  dueCents?: number,
) => Promise<PaymentRecord>;

/**
 * The one way an order becomes paid. `work` runs in a transaction and calls `record(order, intent)`:
 * the payment is judged (judgePayment), the order marked paid once however many callers race, and the
 * receipt queued in the same transaction — only by the call that recorded it — and sent after it commits.
 */
export async function withPaymentRecording<T>(
  deps: AppDeps,
  work: (tx: Executor, record: RecordPayment) => Promise<T>,
): Promise<T> {
  const paidOrderIds: string[] = [];
  const mailIds: string[] = [];
  const inCheckoutMail = new Set<string>();
  const result = await deps.db.transaction(async (tx) => {
    /** What each payment paid in this transaction: one invoice covers them all (every line of a checkout). */
    const paidBy = new Map<string, { intent: ProviderIntent; orders: OrderRow[] }>();
    const value = await work(tx, async (order, intent, dueCents) => {
      const verdict = judgePayment(intent, order, dueCents);
      if (!verdict.ok || !intent) {
        return verdict.ok
          ? { kind: 'refused', code: 'PAYMENT_NOT_FOUND', message: 'No payment.' }
          : { kind: 'refused', code: verdict.code, message: verdict.message };
      }
      if (await markOrderPaid(tx, order.id, { transactionId: intent.id, card: intent.card })) {
        paidOrderIds.push(order.id);
        const paid = paidBy.get(intent.id) ?? { intent, orders: [] };
        paid.orders.push(order);
        paidBy.set(intent.id, paid);
        return { kind: 'recorded' };
      }
      const now = await findOrder(tx, order.id);
      if (!now) throw notFound('Order');
      return { kind: now?.transactionId === intent.id ? 'duplicate' : 'paidOtherwise' };
    });
    // The invoice is numbered in this transaction: it exists exactly when the payment is recorded.
    for (const { intent, orders } of paidBy.values()) {
      // Lines in the order they were placed (their numbers), not the order they were locked in.
      orders.sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
      await issueInvoice(
        tx,
        orders,
        {
          reference: intent.id,
          method: 'card',
          cardBrand: intent.card?.brand ?? null,
          cardLast4: intent.card?.last4 ?? null,
        },
        await invoiceContext(tx, orders),
      );
      // The admins hear of each payment once, with every line it paid (decision 0201).
      const checkout = intent.checkoutId ? await findCheckout(tx, intent.checkoutId) : undefined;
      const paidLines = orders.map((order) => ({ ...order, paid: true, transactionId: intent.id }));
      mailIds.push(...(await queueAdminOrderMail(deps, tx, 'paid', checkout, paidLines)));
      // One receipt for a checkout paid at once (every line, one invoice), not one per line.
      if (intent.checkoutId) {
        const mailId = await queueCheckoutPaidMail(deps, tx, intent.checkoutId, orders);
        if (mailId) mailIds.push(mailId);
        for (const order of orders) inCheckoutMail.add(order.id);
      }
    }
    // The receipts, with their invoices, commit with the payment (docs/decisions/0120).
    for (const orderId of paidOrderIds) {
      if (inCheckoutMail.has(orderId)) continue;
      const mailId = await queuePaidMail(deps, tx, orderId);
      if (mailId) mailIds.push(mailId);
    }
    return value;
  });
  deps.mailer.deliverLater(mailIds);
  return result;
}

/** What the invoice shows beside the lines: the checkout's PO reference, order numbers and part numbers. */
async function invoiceContext(tx: Executor, orders: readonly OrderRow[]): Promise<InvoiceContext> {
  const checkoutId = orders[0]?.checkoutId ?? null;
  const checkout = checkoutId ? await findCheckout(tx, checkoutId) : undefined;
  const skus = new Map(
    (
      await findProducts(
        tx,
        orders.flatMap((o) => (o.productId ? [o.productId] : [])),
      )
    ).map((p) => [p.id, p.sku]),
  );
  return {
    checkoutId,
    poReference: checkout?.poReference ?? null,
    referenceOf: (order) => order.number,
    skuOf: (order) => (order.productId ? (skus.get(order.productId) ?? null) : null),
  };
}

/**
 * Records a checkout's payment on every line of it still unpaid (locked in id order, as every payment
 * path locks them), in the caller's recording transaction: each line once, however many calls race
 * (the browser's confirm and the webhook). What the payment took beyond the lines it pays (a line
 * cancelled or paid on its own meanwhile) is refunded; a payment that finds nothing left to pay is
 * refunded whole. Answers what happened to each line.
 */
export async function recordCheckoutPayment(
  deps: Pick<AppDeps, 'payments' | 'log'>,
  tx: Executor,
  record: RecordPayment,
  intent: ProviderIntent & { checkoutId: string },
): Promise<PaymentRecord[]> {
  const lines = await lockCheckoutLines(tx, intent.checkoutId);
  const unpaid = lines.filter((line) => !line.paid);
  const dueCents = unpaid.reduce((sum, line) => sum + line.grossCents, 0);
  const results: PaymentRecord[] = [];
  for (const line of unpaid) results.push(await record(line, intent, dueCents));

  const recorded = results.some((result) => result.kind === 'recorded');
  const paidBefore = lines.some((line) => line.paid && line.transactionId === intent.id);
  if (intent.status === 'succeeded' && !recorded && !paidBefore) {
    await deps.payments.refund(intent.id, tx);
    deps.log.warn(
      { intentId: intent.id, checkoutId: intent.checkoutId },
      'payment with nothing to pay refunded',
    );
  } else if (recorded && intent.amountReceivedCents > dueCents) {
    await deps.payments.refund(intent.id, tx, {
      amountCents: intent.amountReceivedCents - dueCents,
      key: 'surplus',
    });
  }
  return results;
}

/** Records one payment outside any other work (see withPaymentRecording). */
export const recordPayment = (deps: AppDeps, order: OrderRow, intent: ProviderIntent | null) =>
  withPaymentRecording(deps, (_tx, record) => record(order, intent));

/** Freight quoted on request is priced by the shop before the order can be paid (decision 0236). */
export const freightNotPriced = () =>
  conflict(
    'The freight of this order is quoted on request: you can pay once we have priced it (we will e-mail you).',
    'FREIGHT_NOT_PRICED',
  );

/**
 * Opens (or reuses) the payment of one of the customer's unpaid orders; the amount is the order's.
 * Answers the client secret the card form confirms.
 */
export async function openPayment(deps: AppDeps, user: Actor, orderId: string): Promise<string> {
  const order = ownOrder(await findOrder(deps.db, orderId), user);
  if (order.status === 'cancelled') throw cancelled();
  if (order.paid) throw alreadyPaid();
  if (order.dueAt) throw onTerms();
  const checkout = order.checkoutId ? await findCheckout(deps.db, order.checkoutId) : undefined;
  if (checkout?.deliveryStatus === 'awaiting_quote') throw freightNotPriced();

  if (order.paymentIntentId) {
    const open = await deps.payments.retrieveIntent(order.paymentIntentId);
    if (open?.status === 'succeeded') {
      // Paid at the provider, not yet recorded here (a lost PATCH or webhook): record it now.
      const record = await recordPayment(deps, order, open);
      if (record.kind !== 'refused') throw alreadyPaid();
    }
    if (
      open?.clientSecret &&
      REUSABLE.has(open.status) &&
      open.amountCents === order.grossCents &&
      open.orderId === order.id
    ) {
      return open.clientSecret;
    }
  }

  const intent = await deps.payments.createIntent({
    orderId: order.id,
    amountCents: order.grossCents,
    previous: order.paymentIntentId,
  });
  if (!(await setOrderPaymentIntent(deps.db, order.id, intent.id, order.paymentIntentId))) {
    // A parallel call recorded its intent first: answer that one, so the order has one open intent.
    const now = await findOrder(deps.db, order.id);
    if (!now) throw notFound('Order');
    if (now.paid) throw alreadyPaid();
    const winner = now.paymentIntentId ? await deps.payments.retrieveIntent(now.paymentIntentId) : null;
    if (winner?.clientSecret) return winner.clientSecret;
  }
  if (!intent.clientSecret) throw new Error('the provider returned an intent without a client secret');
  return intent.clientSecret;
}

/**
 * The customer says this payment paid their order: it is recorded once the provider confirms it
 * succeeded, for this order, in full. Idempotent: answers whether this call changed the order.
 */
export async function confirmPayment(
  deps: AppDeps,
  user: Actor,
  orderId: string,
  transactionId: string,
): Promise<boolean> {
  const order = ownOrder(await findOrder(deps.db, orderId), user);
  if (order.status === 'cancelled') throw cancelled();
  if (order.paid) {
    if (order.transactionId === transactionId) return false;
    throw alreadyPaid();
  }
  if (!PAYMENT_ID_PATTERN.test(transactionId)) {
    throw badRequest('transactionId is not a payment id.', {
      transactionId: 'transactionId is not a payment id.',
    });
  }
  const record = await recordPayment(deps, order, await deps.payments.retrieveIntent(transactionId));
  switch (record.kind) {
    case 'refused':
      throw conflict(record.message, record.code);
    case 'recorded':
      return true;
    case 'duplicate':
      return false;
    case 'paidOtherwise':
      throw alreadyPaid();
  }
}

/**
 * The test processor's card form: pays the intent of `clientSecret` with Stripe's test-mode outcomes,
 * and, like Stripe's webhook delivered at once, records the payment in the same transaction.
 */
export async function confirmTestCard(
  deps: AppDeps,
  user: Actor,
  input: CardInput & { clientSecret: string },
): Promise<{ outcome: CardOutcome; intent: TestPaymentIntentRow }> {
  return withPaymentRecording(deps, async (tx, record) => {
    const intent = await createPaymentsRepository(tx).lockTestIntentBySecret(input.clientSecret);
    if (!intent) throw notFound('Payment');
    if (intent.checkoutId) {
      return payCheckoutByTestCard(deps, tx, record, user, input, {
        ...intent,
        checkoutId: intent.checkoutId,
      });
    }
    const order = intent.orderId ? await lockOrder(tx, intent.orderId) : undefined;
    // Someone else's secret: as if it did not exist. A cancelled order: say so.
    if (order && order.userId !== user.id) throw notFound('Payment');
    if (!order || order.status === 'cancelled') throw cancelled();
    if (order.paid || intent.status === 'succeeded') throw alreadyPaid();
    if (intent.status === 'canceled') throw conflict('This payment was cancelled.', 'PAYMENT_CANCELED');

    const charged = await chargeTestCard(tx, input, intent, order.grossCents);
    if (charged.outcome.ok) await record(order, testIntentToProvider(charged.intent));
    return charged;
  });
}

/**
 * The test card form's charge, re-checked against what is owed now (`dueCents`, read with the lines
 * locked): an intent opened before a line was cancelled takes only what is owed, as a capture of part
 * of an authorisation would; one that asks less than is owed takes nothing and says so.
 */
async function chargeTestCard(
  tx: Executor,
  input: CardInput,
  intent: TestPaymentIntentRow,
  dueCents: number,
): Promise<{ outcome: CardOutcome; intent: TestPaymentIntentRow }> {
  if (intent.amountCents < dueCents) {
    throw conflict(
      `This payment was opened for $${centsFigure(intent.amountCents)}, but $${centsFigure(dueCents)} is owed now. Please reload the page and pay again: nothing was charged.`,
      'PAYMENT_AMOUNT_MISMATCH',
    );
  }
  const payments = createPaymentsRepository(tx);
  const outcome = checkTestCard(input);
  if (!outcome.ok) {
    await payments.recordTestIntentError(intent.id, outcome.declineCode ?? outcome.code);
    return { outcome, intent };
  }
  const paid = await payments.succeedTestIntent(
    intent.id,
    { brand: outcome.brand, last4: outcome.last4 },
    dueCents,
  );
  return { outcome, intent: paid };
}

/** The test card form for a checkout's intent: pays every unpaid line of it at once. */
async function payCheckoutByTestCard(
  deps: AppDeps,
  tx: Executor,
  record: RecordPayment,
  user: Actor,
  input: CardInput,
  intent: TestPaymentIntentRow & { checkoutId: string },
): Promise<{ outcome: CardOutcome; intent: TestPaymentIntentRow }> {
  const checkout = await findCheckout(tx, intent.checkoutId);
  if (!checkout || checkout.userId !== user.id) throw notFound('Payment');
  const lines = await lockCheckoutLines(tx, checkout.id);
  if (lines.length === 0) {
    throw conflict(
      'Every line of this checkout was cancelled, so it can no longer be paid.',
      'ORDER_CANCELLED',
    );
  }
  if (lines.every((line) => line.paid) || intent.status === 'succeeded') throw alreadyPaid();
  if (intent.status === 'canceled') throw conflict('This payment was cancelled.', 'PAYMENT_CANCELED');

  const dueCents = lines.filter((line) => !line.paid).reduce((sum, line) => sum + line.grossCents, 0);
  const charged = await chargeTestCard(tx, input, intent, dueCents);
  if (charged.outcome.ok) {
    await recordCheckoutPayment(deps, tx, record, {
      ...testIntentToProvider(charged.intent),
      checkoutId: intent.checkoutId,
    });
  }
  return charged;
}

/**
 * A verified provider event, applied once (its id is recorded in the same transaction, so a redelivery
 * changes nothing). A succeeded payment pays its order; one for an order cancelled meanwhile is refunded
 * (a failure rolls everything back, so the provider's retry tries again). Answers false for a redelivery.
 */
export async function applyPaymentEvent(deps: AppDeps, event: ProviderEvent): Promise<boolean> {
  return withPaymentRecording(deps, async (tx, record) => {
    if (
      !(await createPaymentsRepository(tx).recordEventOnce({
        id: event.id,
        provider: 'stripe',
        type: event.type,
      }))
    )
      return false;
    const intent = event.intent;
    if (event.type !== 'payment_intent.succeeded' || !intent) return true;
    if (intent.checkoutId) {
      await recordCheckoutPayment(deps, tx, record, { ...intent, checkoutId: intent.checkoutId });
      return true;
    }

    const order = intent.orderId ? await lockOrder(tx, intent.orderId) : undefined;
    if (!order || order.status === 'cancelled') {
      if (intent.orderId) {
        await deps.payments.refund(intent.id, tx);
        deps.log.warn(
          { intentId: intent.id, orderId: intent.orderId },
          'payment for a cancelled order refunded',
        );
      }
      return true;
    }
    const result = await record(order, intent);
    if (result.kind === 'refused' && !order.paid) {
      deps.log.warn(
        { intentId: intent.id, orderId: order.id, code: result.code },
        'payment event does not pay its order',
      );
    }
    return true;
  });
}
