import { DAY_MS, formatDay } from '@forgeline/shared/dates';
import { toDollars } from '@forgeline/shared/money';
import {
  RETURN_REASONS,
  RETURN_STATUSES,
  returnFigures,
  type RefundMethod,
  type ReturnStatus,
} from '@forgeline/shared/returns';
import type { CreateReturnBody, Return, ReturnListQuery } from '@forgeline/shared/schemas/return';
import type { Executor } from '../../db/client.ts';
import type { InvoiceRow, ReturnRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { documentExtras, invoiceAttachment, issueReturnCreditNote } from '../invoices/index.ts';
import { readableCompanyOf } from '../membership/index.ts';
import { getOrder, lockOrderLines, restockPieces, type Actor } from '../orders/index.ts';
import { lastShippedAt } from '../shipments/index.ts';
import { queueReturnMail, type ReturnStep } from './mail.ts';
import { toReturnDto } from './mappers.ts';
import { createReturnsRepository, type ReturnView } from './repository.ts';

const longDay = formatDay;

/** The line, locked in `tx`, or 404. */
async function lockLine(tx: Executor, orderId: string) {
  const [order] = await lockOrderLines(tx, [orderId]);
  if (!order) throw notFound('Order');
  return order;
}

async function viewOf(tx: Executor, id: string): Promise<ReturnView> {
  const view = await createReturnsRepository(tx).findView(id);
  if (!view) throw notFound('Return');
  return view;
}

/**
 * POST /api/returns (decision 0240): whoever may read the order line (its buyer, a colleague whose role
 * reads the company's orders, an admin) asks to return shipped pieces of it, within RETURN_WINDOW_DAYS
 * of its last shipment. The line is locked, so two requests at once cannot ask back the same pieces.
 */
export async function requestReturn(deps: AppDeps, user: Actor, body: CreateReturnBody): Promise<Return> {
  const order = await getOrder(deps, user, body.orderId);
  const { view, mailId } = await deps.db.transaction(async (tx) => {
    const line = await lockLine(tx, order.id);
    if (line.shippedQuantity === 0) {
      throw conflict(
        `Order ${line.number} has not shipped yet: only shipped pieces can be returned.`,
        'RETURN_NOT_SHIPPED',
      );
    }
    const days = deps.config.RETURN_WINDOW_DAYS;
    const last = await lastShippedAt(tx, line);
    if (last && Date.now() - last.getTime() > days * DAY_MS) {
      throw conflict(
        `Pieces can be returned within ${days} days of shipment; order ${line.number} last shipped on ${longDay(last)}, so the time for returns has passed.`,
        'RETURN_WINDOW_CLOSED',
      );
    }
    const repository = createReturnsRepository(tx);
    const { held } = await repository.piecesOf(line.id);
    const left = line.shippedQuantity - held;
    if (body.quantity > left) {
      throw conflict(
        left === 0
          ? `Every shipped piece of order ${line.number} (${line.shippedQuantity}) is returned or asked back already.`
          : `Only ${left} shipped ${left === 1 ? 'piece' : 'pieces'} of order ${line.number} can still be returned: ${body.quantity} cannot be.`,
        'RETURN_TOO_MANY',
      );
    }
    const row = await repository.insert({
      orderId: line.id,
      requestedBy: user.id,
      quantity: body.quantity,
      reason: body.reason,
      comment: body.comment ?? null,
    });
    const created = await viewOf(tx, row.id);
    return { view: created, mailId: await queueReturnMail(deps, tx, 'requested', created) };
  });
  deps.mailer.deliverLater([mailId]);
  return toReturnDto(view, user.role === 'admin');
}

/** The returns of the orders My Orders lists: the person's own and, by role, their company's. */
export async function listMyReturns(deps: AppDeps, user: Actor): Promise<Return[]> {
  const views = await createReturnsRepository(deps.db).listByReader(
    user.id,
    await readableCompanyOf(deps.db, user.id),
  );
  return views.map((view) => toReturnDto(view));
}

/** The shop's returns list, newest first, optionally at one step. */
export async function listReturns(
  deps: AppDeps,
  query: ReturnListQuery,
): Promise<{ rows: Return[]; total: number }> {
  const repository = createReturnsRepository(deps.db);
  const [views, total] = await Promise.all([
    repository.listAll(query.status, query.limit, ((query.page ?? 1) - 1) * query.limit),
    repository.count(query.status),
  ]);
  return { rows: views.map((view) => toReturnDto(view, true)), total };
}

const VERB: Record<ReturnStep, string> = {
  requested: 'requested',
  approved: 'approved',
  refused: 'refused',
  received: 'marked received',
  refunded: 'refunded',
};

interface Change {
  set: Partial<ReturnRow>;
  audit?: Record<string, unknown>;
  creditNote?: InvoiceRow | undefined;
}

/**
 * One step of the shop's (decision 0240): the return locked, its status checked on the locked row (a
 * second admin's same step waits, then finds it taken: 409 RETURN_STATUS, nothing changed), the step's
 * own work, the conditional move, the audit entry and the buyer's mail, all in one transaction.
 */
async function moveOn(
  deps: AppDeps,
  admin: Actor,
  id: string,
  step: ReturnStep,
  from: readonly ReturnStatus[],
  work: (tx: Executor, row: ReturnRow) => Promise<Change>,
): Promise<Return> {
  const { view, mailId } = await deps.db.transaction(async (tx) => {
    const repository = createReturnsRepository(tx);
    const row = await repository.lock(id);
    if (!row) throw notFound('Return');
    if (!from.includes(row.status)) {
      const wanted = from.map((status) => RETURN_STATUSES[status].toLowerCase()).join(' or ');
      throw conflict(
        `Return ${row.number} is ${RETURN_STATUSES[row.status].toLowerCase()}: only a return that is ${wanted} can be ${VERB[step]}.`,
        'RETURN_STATUS',
      );
    }
    const change = await work(tx, row);
    const moved = await repository.advance(row.id, from, { ...change.set, status: step });
    // The row is locked and checked above: only a broken invariant gets here.
    if (!moved) throw conflict(`Return ${row.number} changed while it was being ${VERB[step]}.`, 'CONFLICT');
    const after = await viewOf(tx, row.id);
    await recordAudit(tx, admin, {
      action: `return.${step}` as 'return.approved',
      subject: { type: 'return', id: row.id, label: row.number },
      before: { status: row.status },
      after: { status: step, order: after.orderNumber, pieces: row.quantity, ...change.audit },
    });
    const attachments = change.creditNote
      ? [await invoiceAttachment(change.creditNote, deps.config, await documentExtras(tx, change.creditNote))]
      : undefined;
    return { view: after, mailId: await queueReturnMail(deps, tx, step, after, attachments) };
  });
  deps.mailer.deliverLater([mailId]);
  return toReturnDto(view, true);
}

export const approveReturn = (deps: AppDeps, admin: Actor, id: string, note?: string) =>
  moveOn(deps, admin, id, 'approved', ['requested'], async () => ({
    set: { note: note ?? null, decidedAt: new Date() },
    ...(note && { audit: { note } }),
  }));

/** Refused before the pieces came back; its pieces may be asked back again. */
export const refuseReturn = (deps: AppDeps, admin: Actor, id: string, note: string) =>
  moveOn(deps, admin, id, 'refused', ['requested', 'approved'], async () => ({
    set: { note, decidedAt: new Date() },
    audit: { note },
  }));

/** The pieces arrived: `resaleable` of them go back on sale, the rest do not. */
export async function receiveReturn(deps: AppDeps, admin: Actor, id: string, resaleable: number) {
  const answer = await moveOn(deps, admin, id, 'received', ['approved'], async (tx, row) => {
    if (resaleable > row.quantity) {
      throw badRequest(
        `Return ${row.number} brought back ${row.quantity} ${row.quantity === 1 ? 'piece' : 'pieces'}: at most ${row.quantity} can be sold again.`,
        { resaleable: `at most ${row.quantity}` },
      );
    }
    const line = await lockLine(tx, row.orderId);
    if (resaleable > 0 && line.productId) await restockPieces(tx, line.productId, resaleable);
    return {
      set: { resaleableQuantity: resaleable, receivedAt: new Date() },
      audit: { resaleable, restocked: line.productId ? resaleable : 0 },
    };
  });
  deps.catalogueCache.invalidate();
  return answer;
}

const cardOf = (order: { cardBrand: string | null; cardLast4: string | null }) =>
  order.cardBrand && order.cardLast4
    ? `${order.cardBrand.charAt(0).toUpperCase()}${order.cardBrand.slice(1)} card ending ${order.cardLast4}`
    : 'the card it was paid with';

/**
 * Refunds a received return: its pieces at the line's frozen price and tax (`returnFigures`), to the
 * card through the payment provider (a partial refund keyed by the return, so never twice), or on
 * payment terms as a credit against the unpaid invoice (a paid one: paid back by transfer); always with
 * a credit note for the pieces.
 */
export const refundReturn = (deps: AppDeps, admin: Actor, id: string) =>
  moveOn(deps, admin, id, 'refunded', ['received'], async (tx, row) => {
    const line = await lockLine(tx, row.orderId);
    const { refunded } = await createReturnsRepository(tx).piecesOf(line.id);
    const figures = returnFigures(line, refunded, row.quantity);
    let method: RefundMethod;
    let says: string;
    if (line.dueAt !== null && line.paid) {
      method = 'bank_transfer';
      says = `Return ${row.number}: paid by bank transfer (reference ${line.transactionId ?? '-'}); the amount is paid back by bank transfer`;
    } else if (line.dueAt !== null) {
      method = 'invoice_credit';
      says = `Return ${row.number}: credited against the invoice; nothing is owed for these pieces`;
    } else if (line.paid && line.transactionId) {
      method = 'card';
      await deps.payments.refund(line.transactionId, tx, {
        amountCents: figures.grossCents,
        key: `return-${row.id}`,
      });
      says = `Return ${row.number}: refund to the ${cardOf(line)}`;
    } else {
      throw conflict(`Order ${line.number} is not paid, so there is nothing to refund.`, 'ORDER_UNPAID');
    }
    const creditNote = await issueReturnCreditNote(
      tx,
      line,
      {
        quantity: row.quantity,
        netCents: figures.netCents,
        taxCents: figures.taxCents,
        returnNumber: row.number,
      },
      says,
    );
    return {
      set: {
        refundMethod: method,
        refundedCents: figures.grossCents,
        creditNoteId: creditNote?.id ?? null,
        refundedAt: new Date(),
      },
      audit: {
        refunded: toDollars(figures.grossCents),
        method,
        ...(creditNote && { creditNote: creditNote.number }),
        reason: RETURN_REASONS[row.reason],
      },
      creditNote,
    };
  });
