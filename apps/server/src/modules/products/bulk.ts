import { LIMITS } from '@forgeline/shared/constants';
import { hasWholeCents, toCents, toDollars } from '@forgeline/shared/money';
import { productRulesProblems } from '@forgeline/shared/pricing';
import type { ProductBulkBody, ProductBulkResult } from '@forgeline/shared/schemas/product-bulk';
import type { Executor } from '../../db/client.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { fillBackorders } from '../backorders/index.ts';
import { emitProductChanged, isLowOnStock } from './low-stock.ts';
import { createProductsRepository } from './repository.ts';

type Item = ProductBulkBody['items'][number];

/** A 400 that names the row (1 = the first item) and its part number; nothing is written. */
const rowProblem = (index: number, item: Item, problem: string) =>
  badRequest(`Row ${index + 1} (${item.partNumber.toUpperCase()}): ${problem}`, {
    [`items.${index}`]: problem,
  });

/** Why a row's figures cannot be saved, or null. */
function figuresProblem(item: Item): string | null {
  if (item.stock === undefined && item.price === undefined) return 'give stock, price or both.';
  if (
    item.stock !== undefined &&
    !(Number.isSafeInteger(item.stock) && item.stock >= 0 && item.stock <= LIMITS.quantityMax)
  ) {
    return `stock must be a whole number from 0 to ${LIMITS.quantityMax}.`;
  }
  if (item.price !== undefined) {
    const cents = toCents(item.price);
    if (!hasWholeCents(item.price)) return 'price has at most 2 decimals.';
    if (cents < 1 || cents > LIMITS.priceMaxCents) {
      return `price must be from 0.01 to ${toDollars(LIMITS.priceMaxCents)}.`;
    }
  }
  return null;
}

/**
 * Sets stock and prices by part number, all or nothing (decision 0239), in the caller's transaction:
 * every row checked first (the first bad one is a 400 naming it, nothing written), the parts locked in
 * id order, each written with its audit entry; stock above what a part had is a goods receipt that
 * fills its back-orders oldest first (decision 0238) in the same transaction.
 */
export async function bulkUpdateProducts(
  deps: MailDeps,
  tx: Executor,
  actor: AuditActor,
  items: readonly Item[],
): Promise<{ result: ProductBulkResult; mailIds: string[] }> {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const problem = figuresProblem(item);
    if (problem) throw rowProblem(index, item, problem);
    const sku = item.partNumber.toUpperCase();
    const first = seen.get(sku);
    if (first !== undefined) throw rowProblem(index, item, `the part number is also on row ${first + 1}.`);
    seen.set(sku, index);
  });
  const repository = createProductsRepository(tx);
  const locked = new Map((await repository.lockBySkus([...seen.keys()])).map((row) => [row.sku, row]));
  const planned: { item: Item; existing: ProductRow; stock: number; priceCents: number }[] = [];
  items.forEach((item, index) => {
    const existing = locked.get(item.partNumber.toUpperCase());
    if (!existing)
      throw rowProblem(index, item, `there is no part number '${item.partNumber.toUpperCase()}'.`);
    const priceCents = item.price === undefined ? existing.priceCents : toCents(item.price);
    const [problem] = Object.values(
      productRulesProblems({
        priceCents,
        tiers: existing.priceTiers,
        minOrder: existing.minOrder,
        packSize: existing.packSize,
        maxOrder: existing.maxOrder,
        availableQuantity: item.stock ?? existing.availableQuantity,
      }),
    );
    if (problem) throw rowProblem(index, item, problem);
    planned.push({ item, existing, stock: item.stock ?? existing.availableQuantity, priceCents });
  });

  const changed = planned.filter(
    (row) => row.stock !== row.existing.availableQuantity || row.priceCents !== row.existing.priceCents,
  );
  for (const row of changed) {
    const next = { ...row.existing, availableQuantity: row.stock, priceCents: row.priceCents };
    await repository.update(row.existing.id, {
      availableQuantity: row.stock,
      priceCents: row.priceCents,
      lowStockAlertedAt: isLowOnStock(next) ? row.existing.lowStockAlertedAt : null,
    });
  }
  const { fills, mailIds } = await fillBackorders(
    deps,
    tx,
    changed.filter((row) => row.stock > row.existing.availableQuantity).map((row) => row.existing.id),
  );
  const filled = (id: string) =>
    fills.filter((fill) => fill.productId === id).reduce((sum, fill) => sum + fill.pieces, 0);
  for (const row of changed) await emitProductChanged(tx, row.existing, 'updated');
  if (changed.length > 0) {
    await recordAudit(tx, actor, {
      action: 'product.bulk_updated',
      subject: { type: 'product', id: null, label: `Bulk update: ${changed.length} parts changed` },
      before: Object.fromEntries(
        changed.map((row) => [
          row.existing.sku,
          { stock: row.existing.availableQuantity, price: toDollars(row.existing.priceCents) },
        ]),
      ),
      after: Object.fromEntries(
        changed.map((row) => [row.existing.sku, { stock: row.stock, price: toDollars(row.priceCents) }]),
      ),
    });
  }
  const result = {
    updated: changed.length,
    unchanged: planned.length - changed.length,
    items: planned.map((row) => {
      const given = filled(row.existing.id);
      return {
        partNumber: row.existing.sku,
        stock: row.stock - given,
        price: toDollars(row.priceCents),
        backordersFilled: given,
      };
    }),
  };
  return { result, mailIds };
}
