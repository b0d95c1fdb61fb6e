import { fillBackorders } from '../backorders/index.ts';
import { periodicJobPlugin } from '../../lib/periodic-job.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { adjustOpenPayments } from './open-payments.ts';
import { createHoldsRepository } from './holds-repository.ts';
import { queueOrderMail } from './mail.ts';
import { emitEvent } from '../webhooks/index.ts';
import { createOrdersRepository, EXPIRY_BATCH, toOrderDto } from './repository.ts';

/** How often each server looks for unpaid orders past their payment window (minutes long). */
export const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Cancels unpaid card orders past their payment window (PAYMENT_WINDOW_MINUTES) and releases their
 * stock (docs/architecture.md §4), recording each lapsed checkout (docs/decisions/0156). Safe to run
 * on several servers at once: rows are claimed with FOR UPDATE SKIP LOCKED and cancelled once
 * (they stay on record, decision 0195). Answers
 * how many orders were cancelled.
 */
export async function expireUnpaidOrders(deps: AppDeps, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.PAYMENT_WINDOW_MINUTES * 60_000);
  let total = 0;
  for (;;) {
    // Each cancelled order's mail is queued with its cancel: both commit, or neither.
    const { rows, mailIds } = await deps.db.transaction(async (tx) => {
      const expired = await createOrdersRepository(tx).expireUnpaid(cutoff);
      // The pieces given back serve lines still waiting for those parts first (decision 0238).
      const { mailIds: filledMails } = await fillBackorders(
        deps,
        tx,
        expired.flatMap((row) => (row.productId ? [row.productId] : [])),
      );
      await createHoldsRepository(tx).recordLapses(
        expired.flatMap((row) =>
          row.userId && row.checkoutId ? [{ userId: row.userId, checkoutId: row.checkoutId }] : [],
        ),
        now,
      );
      const ids: string[] = [...filledMails];
      for (const row of expired) {
        ids.push(await queueOrderMail(deps, tx, 'expired', row));
        await emitEvent(tx, 'order.cancelled', { order: toOrderDto(row) }, { companyId: row.companyId });
      }
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
