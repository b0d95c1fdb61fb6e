import { toDollars } from '@forgeline/shared/money';
import type { Env } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { createHoldsRepository } from './holds-repository.ts';
import { createOrdersRepository } from './repository.ts';

/**
 * Stock is taken when an order is placed and held until it is paid (docs/decisions/0011, 0013), so an
 * unpaid order is a claim on stock that costs nothing. These bounds keep one account, or a new account
 * made for the purpose, from locking a product away (docs/decisions/0032):
 * - a customer whose orders were never paid holds stock for NEW_CUSTOMER_HOLD_HOURS, not ORDER_HOLD_HOURS;
 * - such a customer's unpaid orders hold at most NEW_CUSTOMER_STOCK_SHARE % of a product's unsold stock;
 * - every customer's unpaid orders together are worth at most UNPAID_LIMIT_USD
 *   (NEW_CUSTOMER_UNPAID_LIMIT_USD before a first payment).
 */
export type HoldConfig = Pick<
  Env,
  | 'ORDER_HOLD_HOURS'
  | 'NEW_CUSTOMER_HOLD_HOURS'
  | 'NEW_CUSTOMER_STOCK_SHARE'
  | 'UNPAID_LIMIT_USD'
  | 'NEW_CUSTOMER_UNPAID_LIMIT_USD'
>;

export const UNPAID_HOLD_LIMIT = 'UNPAID_HOLD_LIMIT';

const refused = (message: string) => new DomainError(UNPAID_HOLD_LIMIT, message, { buyQuantity: message });

/** Whether the customer has ever paid an order (a paid order, shipped or not, that still exists). */
export async function hasPaidBefore(db: Executor, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  return createOrdersRepository(db).hasPaidOrder(userId);
}

/** How long the stock of an unpaid order of this customer is held. */
export async function holdHoursFor(db: Executor, config: HoldConfig, userId: string | null) {
  return (await hasPaidBefore(db, userId)) ? config.ORDER_HOLD_HOURS : config.NEW_CUSTOMER_HOLD_HOURS;
}

/**
 * Checks the bounds above once the new unpaid orders of `userId` are in the transaction (their stock
 * taken, their rows inserted), and throws a 400 that rolls all of it back when one is broken. The
 * customer's row must be locked already (placeLines locks it with the checkout's INSERT), so that two
 * orders of the same customer placed at once are counted one after the other; the products' rows are
 * locked already by the stock they gave. Answers how long the new orders' stock is held (for the
 * 'order received' mail).
 */
export async function checkUnpaidHolds(
  db: Executor,
  config: HoldConfig,
  userId: string,
  productIds: string[],
): Promise<{ holdHours: number }> {
  const { established, unpaidCents, held } = await createHoldsRepository(db).figures(userId, productIds);
  const holdHours = established ? config.ORDER_HOLD_HOURS : config.NEW_CUSTOMER_HOLD_HOURS;
  const limitCents = Math.round(
    (established ? config.UNPAID_LIMIT_USD : config.NEW_CUSTOMER_UNPAID_LIMIT_USD) * 100,
  );
  if (unpaidCents > limitCents) {
    throw refused(
      established
        ? `Your unpaid orders would come to more than $${toDollars(limitCents)}. Please pay the orders you have placed before ordering more.`
        : `Until your first order is paid, your unpaid orders can come to at most $${toDollars(limitCents)}. Please pay the orders you have placed before ordering more.`,
    );
  }
  if (established) return { holdHours };

  for (const row of held) {
    const heldByCustomer = row.byCustomer;
    // The stock not yet sold: what is left plus what unpaid orders hold.
    const offered = row.available + row.byAll;
    // At least one minimum order, so that a new customer can still buy the last pieces of a product.
    const allowed = Math.max(Math.floor((offered * config.NEW_CUSTOMER_STOCK_SHARE) / 100), row.minOrder);
    if (heldByCustomer > allowed) {
      throw refused(
        `Until your first order is paid, you can hold at most ${config.NEW_CUSTOMER_STOCK_SHARE}% of a product's stock in unpaid orders: at most ${allowed} pcs of '${row.name}'. Please order fewer pieces, or pay your open orders first.`,
      );
    }
  }
  return { holdHours };
}
