import { allocateReceipt } from '@forgeline/shared/backorders';
import type { Backorder } from '@forgeline/shared/schemas/backorder';
import type { Executor } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { createBackordersRepository } from './repository.ts';

/** What a receipt gave one waiting line. */
export interface Fill {
  orderId: string;
  productId: string;
  pieces: number;
}

/** Longest back-order list the admin page reads at once (oldest first). */
export const BACKORDER_LIST_LIMIT = 500;

/**
 * A goods receipt's second half (decision 0238): the caller has put the pieces on the products' shelves
 * in `tx`; these fill the waiting lines of those products oldest first from what the shelf now holds.
 * Products are locked in id order first, then their waiting lines in id order, as checkout locks
 * products before it writes lines: two receipts, or a receipt and a checkout, take turns and never give
 * one piece twice (the shelf's figure and each line's wait change under the same locks, each by a
 * conditional UPDATE).
 */
export async function fillBackorders(tx: Executor, productIds: readonly string[]): Promise<Fill[]> {
  const repository = createBackordersRepository(tx);
  const ids = [...new Set(productIds)];
  const shelves = await repository.lockProducts(ids);
  const waiting = await repository.lockWaiting(ids);
  const fills: Fill[] = [];
  for (const shelf of shelves) {
    const lines = waiting.filter((line) => line.productId === shelf.id);
    const { fills: given } = allocateReceipt(lines, shelf.availableQuantity);
    let taken = 0;
    for (const { line, pieces } of given) {
      if (!(await repository.fill(line.id, pieces))) {
        // The rows are locked: only a broken invariant gets here; the whole receipt rolls back.
        throw conflict('A back-ordered line changed while stock was being received; try again.', 'CONFLICT');
      }
      fills.push({ orderId: line.id, productId: shelf.id, pieces });
      taken += pieces;
    }
    if (taken > 0 && !(await repository.takeFromShelf(shelf.id, taken))) {
      throw conflict('The stock changed while it was being received; try again.', 'CONFLICT');
    }
  }
  return fills;
}

const DAY_MS = 86_400_000;

/** The admin's back-order list: every line with pieces waiting, oldest first, with its age in days. */
export async function listBackorders(db: Executor, now: Date = new Date()): Promise<Backorder[]> {
  const rows = await createBackordersRepository(db).list(BACKORDER_LIST_LIMIT);
  return rows.map((row) => ({
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
}
