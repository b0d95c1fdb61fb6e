import { toCents, toDollars } from '@forgeline/shared/money';
import { priceTiersProblem, type PriceTier } from '@forgeline/shared/pricing';
import {
  basisPointsOfPercent,
  percentOfBasisPoints,
  type AssignmentBody,
  type PriceListAssignment,
  type PriceListBody,
  type PriceListDetail,
  type PriceListItemBody,
  type PriceListSummary,
} from '@forgeline/shared/schemas/price-list';
import type { Executor } from '../../db/client.ts';
import type { PriceListAssignmentRow, PriceListRow } from '../../db/schema/index.ts';
import { writeCatalogue } from '../../lib/catalogue-write.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findProduct, findProductsBySkus } from '../products/index.ts';
import { createPriceListsRepository, type Held } from './repository.ts';

/**
 * The shop admin's price lists (decisions 0216, 0217): terms, items, and who they are given to. Every
 * write is audited in its transaction and drops the cached catalogue pages after it commits, since
 * buyers' prices are read from them.
 */
export type PriceListDeps = Pick<AppDeps, 'db' | 'catalogueCache'>;

const centsTiers = (tiers: readonly { minQuantity: number; price: number }[]): PriceTier[] =>
  tiers.map((tier) => ({ minQuantity: tier.minQuantity, priceCents: toCents(tier.price) }));
export const dollarTiers = (tiers: readonly PriceTier[]) =>
  tiers.map((tier) => ({ minQuantity: tier.minQuantity, price: toDollars(tier.priceCents) }));

/** A duplicate name, as PostgreSQL's unique index reports it when two admins race. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code;
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505' || cause === '23505';
};

const termsOf = (body: PriceListBody) => ({
  name: body.name,
  validFrom: body.validFrom,
  validTo: body.validTo,
  percentOffBasisPoints: body.percentOff === null ? null : basisPointsOfPercent(body.percentOff),
  ruleScope: body.ruleScope,
});
const auditTerms = (row: PriceListRow) => ({
  name: row.name,
  validFrom: row.validFrom,
  validTo: row.validTo,
  percentOff: row.percentOffBasisPoints === null ? null : percentOfBasisPoints(row.percentOffBasisPoints),
  ruleScope: row.ruleScope,
});

const toAssignment = (row: Held<PriceListAssignmentRow>): PriceListAssignment => ({
  id: row.id,
  holder: row.companyId
    ? { kind: 'company', id: row.companyId, name: row.holderName }
    : { kind: 'group', id: row.groupId ?? '', name: row.holderName },
  priority: row.priority,
});

function toSummary(
  row: PriceListRow,
  itemCount: number,
  assignments: Held<PriceListAssignmentRow>[],
): PriceListSummary {
  return {
    id: row.id,
    name: row.name,
    validFrom: row.validFrom,
    validTo: row.validTo,
    percentOff: row.percentOffBasisPoints === null ? null : percentOfBasisPoints(row.percentOffBasisPoints),
    ruleScope: row.ruleScope,
    itemCount,
    assignmentCount: assignments.length,
    assignedTo: assignments.map((assignment) => assignment.holderName),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPriceLists(db: Executor): Promise<PriceListSummary[]> {
  const repository = createPriceListsRepository(db);
  const [rows, counts, assignments] = await Promise.all([
    repository.all(),
    repository.itemCounts(),
    repository.assignments(),
  ]);
  return rows.map((row) =>
    toSummary(
      row,
      counts.get(row.id) ?? 0,
      assignments.filter((assignment) => assignment.priceListId === row.id),
    ),
  );
}

export async function getPriceList(db: Executor, id: string): Promise<PriceListDetail> {
  const repository = createPriceListsRepository(db);
  const row = await repository.find(id);
  if (!row) throw notFound('Price list');
  const [items, assignments] = await Promise.all([repository.items(id), repository.assignments(id)]);
  return {
    ...toSummary(row, items.length, assignments),
    items: items.map((item) => ({
      productId: item.productId,
      sku: item.sku,
      name: item.name,
      listPrice: toDollars(item.listPriceCents),
      price: item.priceCents === null ? null : toDollars(item.priceCents),
      tiers: dollarTiers(item.tiers),
    })),
    assignments: assignments.map(toAssignment),
  };
}

const duplicateName = (name: string) =>
  conflict(`A price list named '${name}' already exists: choose another name.`);

/** Runs a write, answers 409 for a name taken meanwhile, and drops the cached catalogue after it commits. */
export async function write<T>(
  deps: PriceListDeps,
  work: (tx: Executor) => Promise<T>,
  onDuplicate?: () => Error,
): Promise<T> {
  try {
    return await writeCatalogue(deps, work);
  } catch (error) {
    if (onDuplicate && isUniqueViolation(error)) throw onDuplicate();
    throw error;
  }
}

export async function createPriceList(
  deps: PriceListDeps,
  actor: AuditActor,
  body: PriceListBody,
): Promise<PriceListDetail> {
  const id = await write(
    deps,
    async (tx) => {
      const repository = createPriceListsRepository(tx);
      if (await repository.findByName(body.name)) throw duplicateName(body.name);
      const row = await repository.insert(termsOf(body));
      await recordAudit(tx, actor, {
        action: 'price_list.created',
        subject: { type: 'price_list', id: row.id, label: row.name },
        after: auditTerms(row),
      });
      return row.id;
    },
    () => duplicateName(body.name),
  );
  return getPriceList(deps.db, id);
}

/** Locks the list, or 404. */
export async function lockList(tx: Executor, id: string): Promise<PriceListRow> {
  const row = await createPriceListsRepository(tx).lock(id);
  if (!row) throw notFound('Price list');
  return row;
}

export async function updatePriceList(
  deps: PriceListDeps,
  actor: AuditActor,
  id: string,
  body: PriceListBody,
): Promise<PriceListDetail> {
  await write(
    deps,
    async (tx) => {
      const repository = createPriceListsRepository(tx);
      const before = await lockList(tx, id);
      const other = await repository.findByName(body.name);
      if (other && other.id !== id) throw duplicateName(body.name);
      const after = await repository.update(id, termsOf(body));
      await recordAudit(tx, actor, {
        action: 'price_list.edited',
        subject: { type: 'price_list', id, label: after.name },
        before: auditTerms(before),
        after: auditTerms(after),
      });
    },
    () => duplicateName(body.name),
  );
  return getPriceList(deps.db, id);
}

export async function deletePriceList(deps: PriceListDeps, actor: AuditActor, id: string): Promise<void> {
  await write(deps, async (tx) => {
    const before = await lockList(tx, id);
    await createPriceListsRepository(tx).remove(id);
    await recordAudit(tx, actor, {
      action: 'price_list.deleted',
      subject: { type: 'price_list', id, label: before.name },
      before: auditTerms(before),
    });
  });
}

/** The part an item names, by id or part number, or 404 naming what was asked for. */
async function partOf(db: Executor, body: { productId?: string; sku?: string }) {
  if (body.productId) {
    const row = isUuid(body.productId) ? await findProduct(db, body.productId) : undefined;
    if (!row) throw notFound('Product');
    return row;
  }
  const [row] = await findProductsBySkus(db, [body.sku ?? '']);
  if (!row) throw notFound(`Part number '${body.sku}'`);
  return row;
}

/** Why an item's price and breaks cannot be saved, or null: the product's own rules for breaks. */
export function itemProblem(priceCents: number | null, tiers: readonly PriceTier[]): string | null {
  if (priceCents === null) {
    return tiers.length > 0
      ? 'Price breaks need a price: without one the list’s percentage rule prices the part.'
      : null;
  }
  return priceTiersProblem(tiers, priceCents);
}

/** Puts one part on a list (or changes it): its own price and breaks, or (price null) the list's rule. */
export async function setItem(
  deps: PriceListDeps,
  actor: AuditActor,
  listId: string,
  body: PriceListItemBody,
): Promise<PriceListDetail> {
  const priceCents = body.price === null ? null : toCents(body.price);
  const tiers = centsTiers(body.tiers);
  const problem = itemProblem(priceCents, tiers);
  if (problem) throw badRequest(problem, { tiers: problem });
  await write(deps, async (tx) => {
    const list = await lockList(tx, listId);
    const product = await partOf(tx, body);
    const repository = createPriceListsRepository(tx);
    const before = await repository.item(listId, product.id);
    await repository.upsertItem({ priceListId: listId, productId: product.id, priceCents, tiers });
    await repository.touch(listId);
    await recordAudit(tx, actor, {
      action: 'price_list.item_set',
      subject: { type: 'price_list', id: listId, label: `${list.name}: ${product.sku}` },
      before: before ? { priceCents: before.priceCents, tiers: before.tiers } : null,
      after: { sku: product.sku, priceCents, tiers },
    });
  });
  return getPriceList(deps.db, listId);
}

export async function removeItem(
  deps: PriceListDeps,
  actor: AuditActor,
  listId: string,
  productId: string,
): Promise<void> {
  await write(deps, async (tx) => {
    const list = await lockList(tx, listId);
    const repository = createPriceListsRepository(tx);
    const before = isUuid(productId) ? await repository.item(listId, productId) : undefined;
    if (!before) throw notFound('Part on this price list');
    await repository.removeItem(listId, productId);
    await repository.touch(listId);
    await recordAudit(tx, actor, {
      action: 'price_list.item_removed',
      subject: { type: 'price_list', id: listId, label: list.name },
      before: { productId, priceCents: before.priceCents, tiers: before.tiers },
    });
  });
}

/** The company or group an assignment or access row names, or 404. */
export async function holderOf(tx: Executor, ref: { companyId?: string; groupId?: string }) {
  const repository = createPriceListsRepository(tx);
  if (ref.companyId) {
    const company = isUuid(ref.companyId) ? await repository.company(ref.companyId) : undefined;
    if (!company) throw notFound('Company');
    return { companyId: company.id, groupId: null, name: company.name };
  }
  const group = ref.groupId && isUuid(ref.groupId) ? await repository.group(ref.groupId) : undefined;
  if (!group) throw notFound('Customer group');
  return { companyId: null, groupId: group.id, name: group.name };
}

export async function addAssignment(
  deps: PriceListDeps,
  actor: AuditActor,
  listId: string,
  body: AssignmentBody,
): Promise<PriceListDetail> {
  await write(deps, async (tx) => {
    const list = await lockList(tx, listId);
    const holder = await holderOf(tx, body);
    const repository = createPriceListsRepository(tx);
    const existing = await repository.assignments(listId);
    if (
      existing.some(
        (row) =>
          (holder.companyId && row.companyId === holder.companyId) ||
          (holder.groupId && row.groupId === holder.groupId),
      )
    ) {
      throw conflict(`${list.name} is already given to ${holder.name}: change its priority instead.`);
    }
    const row = await repository.insertAssignment({
      priceListId: listId,
      companyId: holder.companyId,
      groupId: holder.groupId,
      priority: body.priority,
    });
    await repository.touch(listId);
    await recordAudit(tx, actor, {
      action: 'price_list.assigned',
      subject: { type: 'price_list', id: listId, label: `${list.name} → ${holder.name}` },
      after: { assignmentId: row.id, companyId: row.companyId, groupId: row.groupId, priority: row.priority },
    });
  });
  return getPriceList(deps.db, listId);
}

async function lockAssignment(tx: Executor, listId: string, id: string) {
  const list = await lockList(tx, listId);
  const row = isUuid(id) ? await createPriceListsRepository(tx).findAssignment(listId, id) : undefined;
  if (!row) throw notFound('Assignment');
  return { list, row };
}

export async function changeAssignment(
  deps: PriceListDeps,
  actor: AuditActor,
  listId: string,
  id: string,
  priority: number,
): Promise<PriceListDetail> {
  await write(deps, async (tx) => {
    const { list, row } = await lockAssignment(tx, listId, id);
    await createPriceListsRepository(tx).setPriority(id, priority);
    await recordAudit(tx, actor, {
      action: 'price_list.assignment_changed',
      subject: { type: 'price_list', id: listId, label: list.name },
      before: { assignmentId: id, priority: row.priority },
      after: { assignmentId: id, priority },
    });
  });
  return getPriceList(deps.db, listId);
}

export async function removeAssignment(
  deps: PriceListDeps,
  actor: AuditActor,
  listId: string,
  id: string,
): Promise<void> {
  await write(deps, async (tx) => {
    const { list, row } = await lockAssignment(tx, listId, id);
    await createPriceListsRepository(tx).removeAssignment(id);
    await recordAudit(tx, actor, {
      action: 'price_list.unassigned',
      subject: { type: 'price_list', id: listId, label: list.name },
      before: { assignmentId: id, companyId: row.companyId, groupId: row.groupId, priority: row.priority },
    });
  });
}
