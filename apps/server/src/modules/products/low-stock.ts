import { eq, sql } from 'drizzle-orm';
import { isLowOnStock } from '@forgeline/shared';
import type { Executor } from '../../db/client.ts';
import { users, type ProductRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';

export { isLowOnStock };

/**
 * Tells every admin, in `tx` (the order that took the stock), which products just ran low: one mail
 * each, sent by the outbox once the order commits; nothing if the order rolls back.
 */
export async function queueLowStockAlert(
  deps: Pick<MailDeps, 'mailer' | 'config'>,
  tx: Executor,
  low: ProductRow[],
): Promise<void> {
  if (low.length === 0) return;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const lines = low.map(
    (p) =>
      `- ${p.name} (part number ${p.sku}): ${p.availableQuantity} pcs left; low at ${p.lowStockThreshold} pcs, minimum order ${p.minOrder} pcs`,
  );
  const subject = low.length === 1 ? `Low stock: ${low[0]!.name}` : `Low stock: ${low.length} products`;
  const text = [
    'Hello,',
    '',
    `An order has just taken these products to or below their low-stock line:`,
    '',
    ...lines,
    '',
    `Restock them in Manage Products: ${deps.config.publicUrl}/dashboard/manageProducts`,
    '',
    'You hear of each product again only after it has been restocked above its line and runs low once more.',
  ].join('\n');
  for (const admin of admins) await deps.mailer.enqueue(tx, { to: admin.email, subject, text });
}

/** SQL: the alert re-arms when stock comes back above the line (`added` pieces put back). */
export const rearmAfterRestock = (added: number) => sql`CASE
  WHEN available_quantity + ${added} > low_stock_threshold AND available_quantity + ${added} >= min_order
  THEN NULL ELSE low_stock_alerted_at END`;
