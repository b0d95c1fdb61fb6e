import { toCents, toDollars, centsFigure } from '@forgeline/shared/money';
import type { AcceptQuoteBody } from '@forgeline/shared/schemas/checkout';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { DomainError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import {
  queueCheckoutPlacedMails,
  requestInstead,
  settlePlaced,
  type CheckoutOutcome,
} from '../checkout/index.ts';
import { deliveryFor } from '../companies/index.ts';
import { deliveryOptionsFor, requireDeliveryChoice } from '../delivery/index.ts';
import { orderWeightGrams, type Destination } from '@forgeline/shared/delivery';
import type { DeliveryOptions } from '@forgeline/shared/schemas/delivery';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { assertMayOrder, findMembership, spendingCheck } from '../membership/index.ts';
import { type Actor, MAX_ORDER_TOTAL_CENTS, placeLines } from '../orders/index.ts';
import { termsForCheckout } from '../payment-terms/index.ts';
import { createQuotesRepository } from './repository.ts';
import { getQuote, lockOpenQuote, offerTotalCents, offerVersionOf } from './service.ts';
import { findProducts, queueLowStockAlert } from '../products/index.ts';

/**
 * The buyer accepts an offer, in the caller's transaction: the quote becomes a checkout at the prices
 * it locked (docs/decisions/0111). Stock is taken now and the quantity rules still apply, all lines or
 * none, exactly as a checkout from the cart; the checkout is then paid like any other: by card, or on
 * invoice for a customer with payment terms. The quote row is
 * locked first, so of two tabs accepting at once one places the checkout and the other is told the
 * quote is already accepted.
 */
export async function acceptQuote(
  deps: AppDeps,
  tx: Executor,
  user: Actor,
  id: string,
  body: AcceptQuoteBody & { approved?: boolean },
  now = new Date(),
): Promise<CheckoutOutcome> {
  const delivery = body;
  const quote = await lockOpenQuote(tx, id, user, now);
  if (quote.userId !== user.id) throw forbidden('Only the customer who asked for the quote can accept it.');
  if (quote.status !== 'offered')
    throw conflict('This quote has not been priced yet: there is no offer to accept.', 'QUOTE_NOT_OFFERED');

  const repository = createQuotesRepository(tx);
  const lines = await repository.linesOf(quote.id);
  const agreed = new Map<string, number>();
  for (const line of lines) {
    if (!line.productId || line.offeredPriceCents === null)
      throw conflict(
        `'${line.productName}' is no longer sold, so this offer cannot be ordered. Please ask for a new quote.`,
        'QUOTE_PRODUCT_GONE',
      );
    agreed.set(line.productId, line.offeredPriceCents);
  }
  // The offer the buyer saw, or a 409 with today's figures (decision 0157).
  const version = offerVersionOf(quote, lines);
  const totalCents = offerTotalCents(lines);
  const seenTotal = delivery.expectedTotal === undefined ? undefined : toCents(delivery.expectedTotal);
  if (
    (delivery.offerVersion !== undefined && delivery.offerVersion !== version) ||
    (seenTotal !== undefined && seenTotal !== totalCents)
  ) {
    throw new DomainError(
      'QUOTE_REVISED',
      `This offer was revised since you looked: it now totals $${centsFigure(totalCents)}. Please check the new figures and accept again.`,
      undefined,
      {
        offer: {
          offerVersion: version,
          total: toDollars(totalCents),
          expiresAt: quote.expiresAt?.toISOString() ?? null,
          lines: lines.map((line) => ({
            _id: line.id,
            productName: line.productName,
            quantity: line.quantity,
            offeredPrice: toDollars(line.offeredPriceCents ?? 0),
          })),
        },
      },
    );
  }
  const requests = lines.map((line) => ({ productId: line.productId!, quantity: line.quantity }));
  // A company's member accepts by their role and limits, to a site of the book (decisions 0213, 0214).
  const member = await findMembership(tx, user.id);
  assertMayOrder(member);
  const site = await deliveryFor(tx, member, delivery);
  const shipping = await requireDeliveryChoice(tx, delivery.delivery);
  // On invoice: a PO number and the company's approval first, as for any checkout (decision 0112).
  const terms =
    delivery.paymentMethod === 'invoice'
      ? await termsForCheckout(tx, member, delivery.poReference, now)
      : undefined;
  const over = member && !body.approved ? await spendingCheck(tx, user.id, totalCents, now) : null;
  if (over) {
    const order = {
      kind: 'quote' as const,
      quoteId: quote.id,
      ...(version !== null && { offerVersion: version }),
      lines: lines.map((line) => ({
        productId: line.productId!,
        sku: null,
        name: line.productName,
        quantity: line.quantity,
        unitCents: line.offeredPriceCents ?? 0,
      })),
      totalCents,
    };
    return requestInstead(deps, tx, user, over, order, site, { ...delivery, delivery: shipping });
  }

  const placed = await placeLines(
    tx,
    user,
    requests,
    {
      ...site,
      poReference: delivery.poReference,
      terms,
      companyId: member?.companyId,
      taxSeller: deps.config.taxSeller,
      shipping,
    },
    (priced) => {
      const problems: Record<string, string> = {};
      for (const line of priced) {
        const message = line.product ? line.problem?.message : 'This product is no longer sold.';
        if (message) problems[`lines.${line.productId}`] = `${line.product?.name ?? 'Line'}: ${message}`;
      }
      const [first] = Object.values(problems);
      if (first)
        throw badRequest(
          `This offer cannot be ordered as it is now (${first}). Please ask us to revise it.`,
          problems,
        );
      const total = priced.reduce((sum, line) => sum + line.totalCents, 0);
      if (total > MAX_ORDER_TOTAL_CENTS)
        throw badRequest(`A checkout can total at most $${toDollars(MAX_ORDER_TOTAL_CENTS)}.`);
    },
    agreed,
  );
  await settlePlaced(deps, tx, user, placed);
  await repository.setStatus(quote.id, 'accepted', { decidedAt: now, checkoutId: placed.checkout.id });
  await queueLowStockAlert(deps, tx, placed.lowOnStock);
  // The admins' new-order mail names the quote: one mail for the acceptance, not a second one.
  const origin = { quoteNumber: quote.number, quoteId: quote.id };
  return { kind: 'placed', ...placed, mailIds: await queueCheckoutPlacedMails(deps, tx, placed, origin) };
}

/**
 * The methods that serve an offer to a destination, for the buyer choosing one as they accept it
 * (decision 0268): the offered lines' value and weight, the same rules as the cart's options.
 */
export async function quoteDeliveryOptions(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  destination: Destination,
): Promise<DeliveryOptions> {
  const { lines } = await getQuote(deps.db, user, id);
  const weights = new Map(
    (
      await findProducts(
        deps.db,
        lines.flatMap((line) => (line.productId ? [line.productId] : [])),
      )
    ).map((product) => [product.id, product.weightGrams]),
  );
  return deliveryOptionsFor(deps, user.id, destination, {
    netCents: offerTotalCents(lines),
    weightGrams: orderWeightGrams(
      lines.map((line) => ({
        weightGrams: line.productId ? (weights.get(line.productId) ?? null) : null,
        quantity: line.quantity,
      })),
    ),
  });
}
