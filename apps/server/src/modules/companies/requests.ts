import { DAY_MS } from '@forgeline/shared/dates';
import { formatMoney } from '@forgeline/shared/money';
import type { OrderRequest } from '@forgeline/shared/schemas/company';
import type { DeliveryChoice } from '@forgeline/shared/schemas/delivery';
import { COMPANY_ROLE_RIGHTS } from '@forgeline/shared/schemas/company';
import type { Executor } from '../../db/client.ts';
import type { OrderRequestRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import { conflict, DomainError, notFound } from '../../lib/errors.ts';
import { toRequestDto, type StoredRequestLine } from './mappers.ts';
import type { Membership } from '../membership/index.ts';
import { createCompaniesRepository } from './repository.ts';
import { createRequestsRepository } from './requests-repository.ts';
import { requireRight } from './service.ts';

/**
 * Spending limits and approvals (docs/decisions/0214). A member with a per-order or monthly limit who
 * checks out (or accepts a quote) for more gets an order request instead of an order: no stock is held,
 * the lines leave the cart, approvers are told. An approval places it as the buyer would have; it
 * expires unapproved after REQUEST_DAYS.
 */
export const REQUEST_DAYS = 14;

/** What a request carries: the lines and figures the buyer saw, where it goes, how it is paid. */
export interface RequestDraft {
  kind: 'checkout' | 'quote';
  quoteId?: string;
  offerVersion?: string;
  lines: StoredRequestLine[];
  totalCents: number;
  address: string;
  phone: string;
  poReference: string | null;
  paymentMethod: 'card' | 'invoice';
  /** The delivery the buyer chose: priced on the locked rows when approved (decision 0268). */
  delivery?: DeliveryChoice | undefined;
  reason: string;
}

/** Writes the request in the caller's transaction and queues the mails: the approvers' and the buyer's. */
export async function requestApproval(
  deps: MailDeps,
  tx: Executor,
  buyer: { id: string; name: string; email: string },
  member: Membership,
  draft: RequestDraft,
  now = new Date(),
): Promise<{ request: OrderRequest; mailIds: string[] }> {
  const row = await createRequestsRepository(tx).insert({
    ...draft,
    quoteId: draft.quoteId ?? null,
    offerVersion: draft.offerVersion ?? null,
    delivery: draft.delivery ?? null,
    companyId: member.companyId,
    buyerId: buyer.id,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    expiresAt: new Date(now.getTime() + REQUEST_DAYS * DAY_MS),
  });
  const approvers = (await createCompaniesRepository(tx).members(member.companyId)).filter(
    (m) => COMPANY_ROLE_RIGHTS[m.role].approve && m.userId !== buyer.id,
  );
  const link = `${deps.config.publicUrl}/dashboard/company`;
  const what = `${row.number} from ${buyer.name} for ${formatMoney(row.totalCents)}`;
  const mailIds = [
    ...(await Promise.all(
      approvers.map((approver) =>
        deps.mailer.enqueue(tx, {
          to: approver.email,
          subject: `Order request ${row.number} waits for your approval`,
          text: [
            `Hello ${approver.name},`,
            '',
            `${what} needs an approver: ${draft.reason}`,
            `Approve or reject it: ${link}`,
            '',
            'Forgeline',
            '',
          ].join('\n'),
        }),
      ),
    )),
    await deps.mailer.enqueue(tx, {
      to: buyer.email,
      subject: `Your order request ${row.number} waits for approval`,
      text: [
        `Hello ${buyer.name},`,
        '',
        `Your order of ${formatMoney(row.totalCents)} was sent for approval (${draft.reason}) and will be placed once an approver agrees.`,
        'Nothing is reserved meanwhile. You will hear from us either way.',
        link,
        '',
        'Forgeline',
        '',
      ].join('\n'),
    }),
  ];
  return { request: toRequestDto(row), mailIds };
}

/** Requests as a member may see them: an approver's or admin's the company's, anyone else their own. */
export async function listRequests(
  db: Executor,
  member: Membership,
  status: 'pending' | 'all',
  now = new Date(),
): Promise<OrderRequest[]> {
  const decides = COMPANY_ROLE_RIGHTS[member.role].approve;
  const rows = await createRequestsRepository(db).list(member.companyId, {
    ...(!decides && { buyerId: member.userId }),
    pendingOnly: status === 'pending',
    limit: 200,
  });
  return rows.map((row) => toRequestDto(expiredAsOf(row, now)));
}

/** A pending request past its date reads as expired (the row is marked so when next decided). */
const expiredAsOf = (row: OrderRequestRow, now: Date): OrderRequestRow =>
  row.status === 'pending' && row.expiresAt <= now ? { ...row, status: 'expired' } : row;

/** A pending request of the member's company, locked; refuses what is decided, expired or not theirs to decide. */
export async function lockPendingRequest(
  tx: Executor,
  member: Membership,
  id: string,
  as: 'approver' | 'buyer',
  now = new Date(),
): Promise<OrderRequestRow> {
  if (as === 'approver') requireRight(member, 'approve');
  const repository = createRequestsRepository(tx);
  const row = await repository.lock(member.companyId, id);
  // A buyer's request is invisible to other buyers of the company, as in the list.
  if (!row || (as === 'buyer' && row.buyerId !== member.userId)) throw notFound('Order request');
  if (as === 'approver' && row.buyerId === member.userId) {
    throw new DomainError(
      'OWN_REQUEST',
      'You cannot approve or reject your own order request: another approver decides it.',
    );
  }
  if (row.status === 'pending' && row.expiresAt <= now) {
    await repository.update(row.id, { status: 'expired' });
    throw conflict(
      `This request expired on ${row.expiresAt.toISOString().slice(0, 10)}: the buyer can order again.`,
      'REQUEST_DECIDED',
    );
  }
  if (row.status !== 'pending') {
    const by = row.decidedByName ? ` by ${row.decidedByName}` : '';
    throw conflict(`This request was ${row.status}${by} already.`, 'REQUEST_DECIDED');
  }
  return row;
}

/** Records the decision on a locked request and queues the buyer's mail. */
export async function decideRequest(
  deps: MailDeps,
  tx: Executor,
  row: OrderRequestRow,
  decision: {
    status: 'approved' | 'rejected' | 'withdrawn';
    by: { id: string; name: string };
    comment?: string | undefined;
    checkoutId?: string;
    checkoutNumber?: string;
  },
): Promise<{ request: OrderRequest; mailIds: string[] }> {
  const decided = await createRequestsRepository(tx).update(row.id, {
    status: decision.status,
    decidedBy: decision.by.id,
    decidedByName: decision.by.name,
    decidedAt: new Date(),
    comment: decision.comment || null,
    checkoutId: decision.checkoutId ?? null,
  });
  if (decision.status === 'withdrawn') return { request: toRequestDto(decided), mailIds: [] };
  const approved = decision.status === 'approved';
  const comment = decision.comment ? [`${decision.by.name} wrote: ${decision.comment}`] : [];
  const mailId = await deps.mailer.enqueue(tx, {
    to: row.buyerEmail,
    subject: approved
      ? `Order request ${row.number} approved: ${decision.checkoutNumber}`
      : `Order request ${row.number} rejected`,
    text: [
      `Hello ${row.buyerName},`,
      '',
      approved
        ? `${decision.by.name} approved your order request ${row.number}: it is placed as ${decision.checkoutNumber} (${formatMoney(row.totalCents)}).`
        : `${decision.by.name} rejected your order request ${row.number} (${formatMoney(row.totalCents)}). Nothing was ordered.`,
      ...comment,
      `${deps.config.publicUrl}/dashboard/${approved ? 'myOrders' : 'company'}`,
      '',
      'Forgeline',
      '',
    ].join('\n'),
  });
  return { request: toRequestDto(decided), mailIds: [mailId] };
}

/**
 * Closes a pending request without placing it: an approver of the company rejects it (never their own),
 * or its buyer withdraws it. Decided on the locked row; the buyer's mail of a rejection goes once committed.
 */
export async function closeRequest(
  deps: MailDeps,
  member: Membership,
  id: string,
  decision: {
    status: 'rejected' | 'withdrawn';
    by: { id: string; name: string };
    comment?: string | undefined;
  },
): Promise<OrderRequest> {
  const as = decision.status === 'rejected' ? 'approver' : 'buyer';
  const { request, mailIds } = await deps.db.transaction(async (tx) =>
    decideRequest(deps, tx, await lockPendingRequest(tx, member, id, as), decision),
  );
  deps.mailer.deliverLater(mailIds);
  return request;
}
