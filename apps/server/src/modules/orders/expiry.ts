import { periodicJobPlugin } from '../../lib/periodic-job.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { adjustOpenPayments } from '../payments/service.ts';
import { queueOrderMail } from './mail.ts';
import { createOrdersRepository, EXPIRY_BATCH } from './repository.ts';

/** How often each server looks for unpaid orders past their hold. */
export const EXPIRY_INTERVAL_MS = 5 * 60_000;

/**
 * Cancels unpaid orders past their hold (ORDER_HOLD_HOURS, NEW_CUSTOMER_HOLD_HOURS) and releases their stock (docs/architecture.md §4). Safe to run
 * on several servers at once: rows are claimed with FOR UPDATE SKIP LOCKED and deleted once. Answers
 * how many orders were cancelled.
 */
export async function expireUnpaidOrders(deps: AppDeps, now: Date = new Date()): Promise<number> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const cutoff = hoursAgo(deps.config.ORDER_HOLD_HOURS);
  const newCustomerCutoff = hoursAgo(deps.config.NEW_CUSTOMER_HOLD_HOURS);
  let total = 0;
  for (;;) {
    // Each cancelled order's mail is queued with its cancel: both commit, or neither.
    const { rows, mailIds } = await deps.db.transaction(async (tx) => {
      const expired = await createOrdersRepository(tx).expireUnpaid(cutoff, newCustomerCutoff);
      const ids: string[] = [];
      for (const row of expired) ids.push(await queueOrderMail(deps, tx, 'expired', row));
      return { rows: expired, mailIds: ids };
    });
    total += rows.length;
    if (rows.length > 0) {
      deps.catalogueCache.invalidate();
      deps.log.info(
        { orderIds: rows.map((row) => row.id) },
        `cancelled ${rows.length} unpaid order(s) past their hold`,
      );
      await deps.mailer.deliver(mailIds);
      await adjustOpenPayments(deps, rows);
    }
    // A full batch may have left more behind.
    if (rows.length < EXPIRY_BATCH) return total;
  }
}

/** Runs the expiry job every few minutes, except under NODE_ENV=test (tests call it themselves). */
export const orderExpiryPlugin = periodicJobPlugin('order-expiry', EXPIRY_INTERVAL_MS, expireUnpaidOrders);
