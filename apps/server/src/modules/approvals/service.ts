import { toCents, toDollars } from '@forgeline/shared/money';
import type { ApprovalResult, OrderOnBehalfBody, OrderRequest } from '@forgeline/shared/schemas/company';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { recordAudit } from '../audit/index.ts';
import {
  placeCheckout,
  toCheckoutDto,
  type CheckoutOutcome,
  type PlacedCheckout,
} from '../checkout/index.ts';
import {
  decideRequest,
  lockPendingRequest,
  requireMembership,
  type StoredRequestLine,
} from '../companies/index.ts';
import { requireDeliveryChoice } from '../delivery/index.ts';
import { findMembership } from '../membership/index.ts';
import { acceptQuote } from '../quotes/index.ts';
import { createApprovalsRepository } from './repository.ts';

/**
 * What places an order for someone else (docs/decisions/0214): an approver approving a buyer's order
 * request, and the shop admin's 'order for this customer'. Both place exactly what the buyer's own
 * checkout would, through the same code, as the buyer.
 */

/** The buyer of a request, as an actor, while still a member of the company; else 409. */
async function buyerOf(tx: Executor, companyId: string, buyerId: string | null) {
  const buyer = buyerId ? await createApprovalsRepository(tx).user(buyerId) : undefined;
  const member = buyer && (await findMembership(tx, buyer.id));
  if (!buyer || member?.companyId !== companyId) {
    throw conflict('The buyer is no longer a member of the company: reject the request.', 'CONFLICT');
  }
  return buyer;
}

/**
 * In the caller's transaction: the approver approves a pending request of their company (never their
 * own), and it is placed as the buyer's checkout (or quote acceptance) at the figures the buyer saw; a
 * price changed since is a 409 and the request stays pending. Of two approvers at once, one places it
 * and the other is told it was approved.
 */
export async function approveRequest(
  deps: AppDeps,
  tx: Executor,
  approver: AuthUser,
  requestId: string,
  comment: string | undefined,
): Promise<{ request: OrderRequest; placed: PlacedCheckout; mailIds: string[] }> {
  const member = await requireMembership(tx, approver.id);
  const row = await lockPendingRequest(tx, member, requestId, 'approver');
  const buyer = await buyerOf(tx, row.companyId, row.buyerId);
  const delivery = { address: row.address, phone: row.phone, poReference: row.poReference ?? undefined };
  // The buyer's delivery choice, priced now on the locked rows like any checkout (decision 0268).
  const shipping = row.delivery ?? undefined;
  let placed: PlacedCheckout;
  if (row.kind === 'quote') {
    if (!row.quoteId) throw notFound('Quote');
    placed = await acceptQuote(deps, tx, buyer, row.quoteId, {
      ...delivery,
      paymentMethod: row.paymentMethod,
      ...(row.offerVersion && { offerVersion: row.offerVersion }),
      delivery: shipping,
      approved: true,
    }).then(placedOnly);
  } else {
    const lines = (row.lines as StoredRequestLine[]).map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      seenUnitCents: line.unitCents,
    }));
    placed = placedOnly(
      await placeCheckout(deps, tx, buyer, {
        ...delivery,
        lines,
        paymentMethod: row.paymentMethod,
        expectedTotalCents: row.totalCents,
        delivery: shipping,
        approved: true,
      }),
    );
  }
  const decided = await decideRequest(deps, tx, row, {
    status: 'approved',
    by: approver,
    comment,
    checkoutId: placed.checkout.id,
    checkoutNumber: placed.checkout.number,
  });
  return { request: decided.request, placed, mailIds: decided.mailIds };
}

/** An approved placement never becomes another request. */
function placedOnly(outcome: CheckoutOutcome): PlacedCheckout {
  if (outcome.kind !== 'placed') throw new Error('an approved request asked for approval again');
  return outcome;
}

export const toApprovalResult = (result: {
  request: OrderRequest;
  placed: PlacedCheckout;
}): ApprovalResult => ({
  request: result.request,
  checkout: toCheckoutDto(result.placed.checkout, result.placed.orders),
});

/**
 * 'Order for this customer': the shop admin places the lines given for a named buyer of the company,
 * by the buyer's own rules (their role, the address book, the limits: over one it becomes a request);
 * the checkout records the admin, and the audit log says so.
 */
export async function orderOnBehalf(
  deps: AppDeps,
  tx: Executor,
  admin: AuthUser,
  companyId: string,
  body: OrderOnBehalfBody,
): Promise<CheckoutOutcome> {
  const buyer = await buyerOf(tx, companyId, body.buyerId).catch(() => {
    throw notFound('Buyer');
  });
  // The admin chooses the delivery as the buyer's own checkout must (decision 0268).
  await requireDeliveryChoice(tx, body.delivery);
  const outcome = await placeCheckout(deps, tx, buyer, {
    ...body,
    lines: body.lines,
    expectedTotalCents: body.expectedTotal === undefined ? undefined : toCents(body.expectedTotal),
    placedBy: { id: admin.id, name: admin.name },
  });
  await recordAudit(tx, admin, {
    action: 'order.placed_on_behalf',
    subject:
      outcome.kind === 'placed'
        ? { type: 'checkout', id: outcome.checkout.id, label: outcome.checkout.number }
        : { type: 'company', id: companyId, label: outcome.request.number },
    after: {
      buyer: buyer.email,
      total: outcome.kind === 'placed' ? toDollars(outcome.checkout.totalCents) : outcome.request.total,
      ...(outcome.kind === 'request' && { sentForApproval: outcome.request.reason }),
    },
  });
  return outcome;
}
