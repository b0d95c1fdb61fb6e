import { listPricingOf, resolvePricing, type ListEntry } from '@forgeline/shared/contract-pricing';
import { isValidOn } from '@forgeline/shared/contract-pricing';
import { toDollars, formatMoney } from '@forgeline/shared/money';
import { tierInForce, unitPriceCents } from '@forgeline/shared/pricing';
import { percentOfBasisPoints, type PriceExplanation } from '@forgeline/shared/schemas/price-list';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { companyView } from '../pricing/index.ts';
import { findProduct, findProductsBySkus } from '../products/index.ts';
import { createPriceListsRepository } from './repository.ts';
import { dollarTiers } from './service.ts';

/**
 * Which price a company pays for a part today, and why (decision 0216): the pricing module's view of the
 * company (its lists, directly or through its group, and what it may see) and the shared resolution,
 * with what each list it holds asks for the part.
 */
export async function explainPrice(
  db: Executor,
  companyId: string,
  part: string,
  quantity: number | undefined,
): Promise<PriceExplanation> {
  if (!(await createPriceListsRepository(db).company(companyId))) throw notFound('Company');
  const product = isUuid(part)
    ? await findProduct(db, part)
    : (await findProductsBySkus(db, [part.trim().toUpperCase()]))[0];
  if (!product) throw notFound(`Part '${part}'`);

  const view = await companyView(db, companyId);
  const rows = await createPriceListsRepository(db).entriesOf(product.id);
  const entries = new Map<string, ListEntry>(
    rows.map((row) => [row.priceListId, { priceCents: row.priceCents, tiers: row.tiers }]),
  );
  const base = { priceCents: product.priceCents, tiers: product.priceTiers };
  const pricing = resolvePricing(base, view.lists, entries, view.day);
  const considered = [...view.lists]
    .sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name))
    .map((list) => {
      const held = `priority ${list.priority}, given to the ${list.heldBy}`;
      if (!isValidOn(list, view.day)) {
        return { listName: list.name, outcome: `Not valid today (${held}).` };
      }
      const asks = listPricingOf(list, entries.get(list.id), base);
      if (!asks) return { listName: list.name, outcome: `Does not price this part (${held}).` };
      const how =
        asks.source.kind === 'price-list' && asks.source.basis === 'fixed'
          ? 'its own price'
          : `${percentOfBasisPoints(list.percentOffBasisPoints ?? 0)} % off the list price`;
      return { listName: list.name, outcome: `${formatMoney(asks.priceCents)}: ${how} (${held}).` };
    });
  const breakInForce = quantity === undefined ? null : tierInForce(pricing, quantity);
  const source = pricing.source;
  return {
    product: { id: product.id, sku: product.sku, name: product.name },
    listPrice: toDollars(product.priceCents),
    listTiers: dollarTiers(product.priceTiers),
    price: toDollars(pricing.priceCents),
    tiers: dollarTiers(pricing.tiers),
    source:
      source.kind === 'list-price'
        ? { kind: 'list-price' }
        : {
            kind: 'price-list',
            listId: source.listId,
            listName: source.listName,
            basis: source.basis,
            percentOff:
              source.percentOffBasisPoints === null
                ? null
                : percentOfBasisPoints(source.percentOffBasisPoints),
          },
    day: view.day,
    quantity: quantity ?? null,
    breakInForce: breakInForce
      ? { minQuantity: breakInForce.minQuantity, price: toDollars(breakInForce.priceCents) }
      : null,
    unitPrice: toDollars(unitPriceCents(pricing, quantity ?? 1)),
    considered,
    visible: view.sees(product),
  };
}
