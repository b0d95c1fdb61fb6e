import { DAY_MS } from '@forgeline/shared/dates';
import { allocateReceipt } from '@forgeline/shared/backorders';
import type { Backorder, BackorderListQuery } from '@forgeline/shared/schemas/backorder';
import type { Executor } from '../../db/client.ts';
import type { MailDeps } from '../../lib/deps.ts';
import { conflict } from '../../lib/errors.ts';
import { queueBackorderFilledMails } from './mail.ts';
import { createBackordersRepository, type FilledLine } from './repository.ts';

/** What a receipt gave one waiting line. */
export interface Fill {
  orderId: string;
  productId: string;
  pieces: number;
}

/**
 * A goods receipt's second half (decision 0238): the caller has put the pieces on the products' shelves
 * in `tx`; these fill the waiting lines of those products oldest first from what the shelf now holds.
 * Products are locked in id order first, then their waiting lines in id order, as checkout locks
 * products before it writes lines: two receipts, or a receipt and a checkout, take turns and never give
 * one piece twice (the shelf's figure and each line's wait change under the same locks, each by a
 * conditional UPDATE). Each buyer served is mailed, in `tx`: the caller delivers `mailIds` once it commits.
 */
export async function fillBackorders(
  deps: MailDeps,
  tx: Executor,
  productIds: readonly string[],
): Promise<{ fills: Fill[]; mailIds: string[] }> {
  const repository = createBackordersRepository(tx);
  const ids = [...new Set(productIds)];
  const shelves = await repository.lockProducts(ids);
  const waiting = await repository.lockWaiting(ids);
  const fills: Fill[] = [];
  const served: FilledLine[] = [];
  for (const shelf of shelves) {
    const lines = waiting.filter((line) => line.productId === shelf.id);
    const { fills: given } = allocateReceipt(lines, shelf.availableQuantity);
    let taken = 0;
    for (const { line, pieces } of given) {
      const filled = await repository.fill(line.id, pieces);
      if (!filled) {
        // The rows are locked: only a broken invariant gets here; the whole receipt rolls back.
        throw conflict('A back-ordered line changed while stock was being received; try again.', 'CONFLICT');
      }
      served.push(filled);
      fills.push({ orderId: line.id, productId: shelf.id, pieces });
      taken += pieces;
    }
    if (taken > 0 && !(await repository.takeFromShelf(shelf.id, taken))) {
      throw conflict('The stock changed while it was being received; try again.', 'CONFLICT');
    }
  }
  return { fills, mailIds: await queueBackorderFilledMails(deps, tx, served) };
}

/** The admin's back-order list: a page of the lines with pieces waiting, oldest first, with their age in days. */
export async function listBackorders(
  db: Executor,
  query: BackorderListQuery,
  now: Date = new Date(),
): Promise<{ rows: Backorder[]; total: number }> {
  const repository = createBackordersRepository(db);
  const [lines, total] = await Promise.all([
    repository.list(query.limit, ((query.page ?? 1) - 1) * query.limit),
    repository.count(),
  ]);
  const rows = lines.map((row) => ({
    orderId: row.id,
    orderNumber: row.number,
    checkoutNumber: row.checkoutNumber,
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    buyerName: row.customerName,
    buyerEmail: row.customerEmail,
    ordered: row.quantity,
    backordered: row.backorderedQuantity,
    leadTimeDays: row.leadTimeDays,
    orderedAt: row.createdAt.toISOString(),
    ageDays: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / DAY_MS)),
  }));
  return { rows, total };
}
