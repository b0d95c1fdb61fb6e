import { addDays } from '@forgeline/shared/dates';
import { toDollars, formatMoney } from '@forgeline/shared/money';
import type { TermsInvoice } from '@forgeline/shared/schemas/payment-terms';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, OrderRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { DomainError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { issueInvoice } from '../invoices/index.ts';
import { type Actor, findCheckout, lockCheckoutLines } from '../orders/index.ts';
import { findProducts } from '../products/index.ts';
import { recordAudit } from '../audit/index.ts';
import { CURRENCY, withPaymentRecording, type ProviderIntent } from '../payments/index.ts';
import { queueReminderMail } from './mail.ts';
import { createPaymentTermsRepository, type OpenTermsInvoice } from './repository.ts';
import { lockCompanyCredit } from '../companies/index.ts';
import type { Membership } from '../membership/index.ts';

/**
 * Payment terms (docs/decisions/0112): an approved customer may check out 'by invoice' with a PO
 * number. The invoice is issued as the checkout is placed (what the buyer's accounts department pays
 * against), the goods ship unpaid, and an admin records the transfer when it arrives.
 */

export const TERMS_NOT_APPROVED = 'PAYMENT_TERMS_NOT_APPROVED';
export const CREDIT_LIMIT = 'CREDIT_LIMIT_EXCEEDED';

/**
 * Before an invoice checkout places anything: the PO number it needs and the customer's approval.
 * Answers the terms the checkout is placed on (net days, due date from now).
 */
export async function termsForCheckout(
  tx: Executor,
  member: Membership | undefined,
  poReference: string | undefined,
  now = new Date(),
): Promise<{ termsDays: number; dueAt: Date }> {
  if (!poReference) {
    const message = 'A PO number is required to pay by invoice.';
    throw badRequest(message, { poReference: message });
  }
  const terms = member?.company.termsDays ? { termsDays: member.company.termsDays } : undefined;
  if (!terms) {
    throw new DomainError(
      TERMS_NOT_APPROVED,
      'Your account is not approved to pay by invoice. Please pay by card, or ask us for payment terms.',
    );
  }
  return { termsDays: terms.termsDays, dueAt: addDays(now, terms.termsDays) };
}

/**
 * Once the invoice checkout's lines are in the transaction: the company's row is locked (two checkouts
 * of its buyers are counted one after the other), and every unpaid order on terms of the company, these
 * included, must fit the credit limit in force now; otherwise a 400 rolls all of it back. Then its invoice is issued, in
 * the same transaction: it exists exactly when the checkout does.
 */
export async function settleTermsCheckout(
  tx: Executor,
  companyId: string,
  placed: { checkout: CheckoutRow; orders: OrderRow[] },
): Promise<void> {
  await assertCreditLine(tx, companyId, placed.checkout);
  const { checkout, orders } = placed;
  if (!checkout.dueAt || !checkout.termsDays) throw new Error('an invoice checkout without terms');
  // Freight quoted on request: invoiced when the shop has priced it, with the freight (decision 0236).
  if (checkout.deliveryStatus === 'awaiting_quote') return;
  await invoiceTermsCheckout(tx, checkout, orders);
}

/**
 * The company's credit line, locked, against its unpaid invoices with `checkout` as it stands in `tx`:
 * 409 CREDIT_LIMIT over it. At placement, and again when the shop prices freight (decision 0270).
 */
export async function assertCreditLine(
  tx: Executor,
  companyId: string,
  checkout: CheckoutRow,
): Promise<void> {
  const terms = await lockCompanyCredit(tx, companyId);
  if (terms?.creditLimitCents == null) {
    throw new DomainError(TERMS_NOT_APPROVED, 'Your company is not approved to pay by invoice.');
  }
  const usedCents = terms.usedCents;
  if (usedCents > terms.creditLimitCents) {
    const before = usedCents - checkout.grossCents;
    const message = `This order of ${formatMoney(checkout.grossCents)} would take your company's unpaid invoices to ${formatMoney(usedCents)}, over its credit limit of ${formatMoney(terms.creditLimitCents)} (${formatMoney(Math.max(terms.creditLimitCents - before, 0))} available). Please pay by card, or settle open invoices first.`;
    throw new DomainError(CREDIT_LIMIT, message, { paymentMethod: message });
  }
}

/** The invoice of a checkout on payment terms, every standing line of it (once: issueInvoice is idempotent). */
export async function invoiceTermsCheckout(
  tx: Executor,
  checkout: CheckoutRow,
  orders: OrderRow[],
): Promise<void> {
  if (!checkout.dueAt || !checkout.termsDays) throw new Error('an invoice checkout without terms');
  const skus = new Map(
    (
      await findProducts(
        tx,
        orders.flatMap((o) => (o.productId ? [o.productId] : [])),
      )
    ).map((p) => [p.id, p.sku]),
  );
  await issueInvoice(
    tx,
    orders,
    {
      reference: checkout.number,
      method: 'invoice',
      terms: { termsDays: checkout.termsDays, dueAt: checkout.dueAt },
    },
    {
      checkoutId: checkout.id,
      poReference: checkout.poReference,
      referenceOf: (order) => order.number,
      skuOf: (order) => (order.productId ? (skus.get(order.productId) ?? null) : null),
    },
  );
}

/** Open (and overdue) invoices on terms for the admin, soonest due first. */
export async function listTermsInvoices(
  db: Executor,
  options: { overdueOnly: boolean; now?: Date; limit?: number },
): Promise<TermsInvoice[]> {
  const now = options.now ?? new Date();
  const rows = await createPaymentTermsRepository(db).listOpen({
    ...(options.overdueOnly && { overdueAt: now }),
    limit: options.limit ?? 500,
  });
  return rows.map((row) => toTermsInvoice(row, now));
}

const toTermsInvoice = ({ checkout, dueCents, invoiceId, invoiceNumber }: OpenTermsInvoice, now: Date) => ({
  checkoutId: checkout.id,
  checkoutNumber: checkout.number,
  invoiceId,
  invoiceNumber,
  customerName: checkout.customerName,
  customerEmail: checkout.customerEmail,
  poReference: checkout.poReference,
  due: toDollars(dueCents),
  dueAt: (checkout.dueAt ?? now).toISOString(),
  overdue: checkout.dueAt !== null && checkout.dueAt < now,
  remindedAt: checkout.remindedAt?.toISOString() ?? null,
});

/**
 * The admin records the transfer that paid an invoice checkout, with its reference: through the one
 * path every payment takes (withPaymentRecording: each unpaid line marked paid once, the receipt mailed
 * with the invoice issued when the checkout was placed; no second number). Already paid: 409.
 * Answers how many lines it marked paid.
 */
export async function markTermsPaid(
  deps: AppDeps,
  admin: Actor,
  checkoutId: string,
  reference: string,
): Promise<number> {
  const checkout = await findCheckout(deps.db, checkoutId);
  if (!checkout) throw notFound('Checkout');
  if (checkout.paymentMethod !== 'invoice') {
    throw conflict(
      'This checkout is paid by card: only an invoice on terms is marked paid by hand.',
      'NOT_ON_TERMS',
    );
  }
  const marked = await withPaymentRecording(deps, async (tx, record) => {
    // Locked in id order, as every payment path locks them: a parallel mark-paid waits, then finds them paid.
    const lines = await lockCheckoutLines(tx, checkout.id);
    if (lines.length === 0) {
      throw conflict(
        'Every line of this checkout was cancelled: there is nothing to pay.',
        'ORDER_CANCELLED',
      );
    }
    const unpaid = lines.filter((line) => !line.paid);
    if (unpaid.length === 0) {
      throw conflict(
        `This invoice is already paid (reference ${lines[0]?.transactionId ?? '-'}).`,
        'ORDER_ALREADY_PAID',
      );
    }
    const dueCents = unpaid.reduce((sum, line) => sum + line.grossCents, 0);
    // The transfer as a payment: what arrived is what was due; the admin's reference is its id.
    const transfer: ProviderIntent = {
      id: reference,
      clientSecret: null,
      status: 'succeeded',
      amountCents: dueCents,
      amountReceivedCents: dueCents,
      currency: CURRENCY,
      orderId: null,
      checkoutId: checkout.id,
      card: null,
    };
    let count = 0;
    for (const line of unpaid) {
      const result = await record(line, transfer, dueCents);
      if (result.kind === 'refused') throw conflict(result.message, result.code);
      if (result.kind === 'recorded') count += 1;
    }
    await recordAudit(tx, admin, {
      action: 'invoice.marked_paid',
      subject: { type: 'invoice', id: checkout.id, label: checkout.number },
      before: { paid: false },
      after: { paid: true, reference, amount: toDollars(dueCents) },
    });
    return count;
  });
  deps.log.info({ checkoutId, by: admin.id, reference, lines: marked }, 'invoice on terms marked paid');
  return marked;
}

/**
 * Mails one reminder per overdue invoice checkout, once: the checkout is marked reminded and the mail
 * queued in the same transaction, so a crash sends it at most once and never loses it (the outbox
 * retries). Safe on several servers at once. Answers how many reminders were queued.
 */
export async function remindOverdueInvoices(deps: AppDeps, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const mailIds = await deps.db.transaction(async (tx) => {
      const claimed = await createPaymentTermsRepository(tx).claimOverdueUnreminded(now);
      const ids: string[] = [];
      for (const checkout of claimed) {
        const id = await queueReminderMail(deps, tx, checkout);
        if (id) ids.push(id);
      }
      return { ids, claimed: claimed.length };
    });
    total += mailIds.claimed;
    if (mailIds.claimed > 0) {
      deps.log.info({ count: mailIds.claimed }, 'overdue invoice reminders queued');
      await deps.mailer.deliver(mailIds.ids);
    }
    if (mailIds.claimed === 0) return total;
  }
}
