import { DAY_MS } from '@forgeline/shared/dates';
import type { Env } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { createHoldsRepository } from './holds-repository.ts';

/**
 * Stock is taken when an order is placed (docs/decisions/0011). An unpaid card order holds it only for
 * the payment window (PAYMENT_WINDOW_MINUTES) and is then cancelled; an order on approved payment terms
 * holds it until its invoice is paid (decision 0112). A buyer is never refused for the size of an
 * order they are about to pay: the only bound is on buyers who keep ordering without paying, so that
 * stock cannot be held hostage by re-ordering every window (docs/decisions/0156).
 */
export type HoldConfig = Pick<Env, 'PAYMENT_WINDOW_MINUTES' | 'LAPSED_ORDERS_PER_DAY'>;

export const UNPAID_HOLD_LIMIT = 'UNPAID_HOLD_LIMIT';

const time = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Refuses a new card order of a buyer whose card checkouts lapsed unpaid LAPSED_ORDERS_PER_DAY times in
 * the last 24 hours, saying why and from when they can order by card again. Runs in the order's
 * transaction (a refusal rolls it back). Answers the payment window, for the 'order received' mail.
 */
export async function checkUnpaidHolds(
  db: Executor,
  config: HoldConfig,
  userId: string,
  now = new Date(),
): Promise<{ windowMinutes: number }> {
  const lapses = await createHoldsRepository(db).lapsesSince(userId, new Date(now.getTime() - DAY_MS));
  if (lapses.length >= config.LAPSED_ORDERS_PER_DAY) {
    // Card orders resume once the oldest counted lapse is a day old.
    const oldest = lapses[lapses.length - config.LAPSED_ORDERS_PER_DAY]!;
    const message = `${lapses.length} of your card orders in the last 24 hours were not paid within ${config.PAYMENT_WINDOW_MINUTES} minutes, so their stock went back on sale. You can order by card again from ${time(new Date(oldest.getTime() + DAY_MS))}, or contact us.`;
    throw new DomainError(UNPAID_HOLD_LIMIT, message, { lines: message });
  }
  return { windowMinutes: config.PAYMENT_WINDOW_MINUTES };
}
