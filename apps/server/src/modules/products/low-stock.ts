import { isLowOnStock } from '@forgeline/shared/pricing';
import type { Executor } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import { adminEmails } from '../users/index.ts';
import { emitEvent } from '../webhooks/index.ts';

export { isLowOnStock };

/**
 * product.changed for the shop's webhooks (decision 0260), in the transaction of the change: the part's
 * id, number and name, and how it changed; the receiver reads the rest from the API.
 */
export async function emitProductChanged(
  tx: Executor,
  product: Pick<ProductRow, 'id' | 'sku' | 'name'>,
  change: 'created' | 'updated' | 'deleted',
) {
  await emitEvent(tx, 'product.changed', {
    change,
    product: { _id: product.id, sku: product.sku, name: product.name },
  });
}

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
  for (const p of low) {
    await emitEvent(tx, 'stock.low', {
      product: {
        _id: p.id,
        sku: p.sku,
        name: p.name,
        availableQuantiity: p.availableQuantity,
        lowStockThreshold: p.lowStockThreshold,
        minOrder: p.minOrder,
      },
    });
  }
  const admins = await adminEmails(tx);
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
  for (const email of admins) await deps.mailer.enqueue(tx, { to: email, subject, text });
}
