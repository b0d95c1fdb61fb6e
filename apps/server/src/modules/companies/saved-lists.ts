import type { Cart } from '@forgeline/shared/schemas/cart';
import type { SavedList, SavedListBody } from '@forgeline/shared/schemas/company';
import { IdSchema } from '@forgeline/shared/schemas/common';
import type { Executor } from '../../db/client.ts';
import type { SavedListRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { addCartLines } from '../cart/index.ts';
import type { Membership } from '../membership/index.ts';
import { customerPartNumbersOf, resolveCustomerPartNumbers } from '../part-numbers/index.ts';
import { companyView, viewProducts } from '../pricing/index.ts';
import { findProducts } from '../products/index.ts';
import { createSavedListsRepository, type SavedListLineRow } from './saved-lists-repository.ts';
import { requireRight } from './service.ts';

/** Named part lists shared inside a company: every member reads them, those who order edit them. */

const toSavedList = (
  row: SavedListRow,
  lines: SavedListLineRow[],
  theirs: ReadonlyMap<string, string>,
): SavedList => ({
  id: row.id,
  name: row.name,
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
  lines: lines
    .filter((line) => line.listId === row.id)
    .map(({ productId, sku, name, quantity }) => ({
      productId,
      sku,
      customerPartNumber: theirs.get(productId) ?? null,
      name,
      quantity,
    })),
});

/** Of these parts, those the company sees (a part hidden from it is none, decision 0216). */
async function partsSeenBy(db: Executor, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const view = await companyView(db, companyId);
  return new Set((await viewProducts(db, view, await findProducts(db, ids))).map((product) => product.id));
}

export async function listSavedLists(db: Executor, member: Membership): Promise<SavedList[]> {
  const repository = createSavedListsRepository(db);
  const rows = await repository.list(member.companyId);
  const lines = await repository.lines(rows.map((row) => row.id));
  const ids = lines.map((line) => line.productId);
  const seen = await partsSeenBy(db, member.companyId, ids);
  const theirs = await customerPartNumbersOf(db, member.companyId, ids);
  return rows.map((row) =>
    toSavedList(
      row,
      lines.filter((line) => seen.has(line.productId)),
      theirs,
    ),
  );
}

/**
 * The lines by product id: a line may name its part by id, or by a part number, ours or the company's own
 * (ours wins, docs/decisions/0218). 400 naming each line whose part is not (or no longer) in the catalogue,
 * or a part named twice.
 */
async function resolveLines(
  db: Executor,
  member: Membership,
  body: SavedListBody,
): Promise<{ productId: string; quantity: number }[]> {
  const repository = createSavedListsRepository(db);
  const codes = body.lines.flatMap((line) => (line.productId === undefined && line.sku ? [line.sku] : []));
  const ours = await repository.productIdsBySkus(codes);
  const theirs = await resolveCustomerPartNumbers(db, member.companyId, codes);
  const ids = body.lines.map(
    (line) =>
      line.productId ?? (line.sku ? (ours.get(line.sku) ?? theirs.get(line.sku)?.productId) : undefined),
  );
  const valid = ids.filter((id): id is string => id !== undefined && IdSchema.safeParse(id).success);
  const existing = await partsSeenBy(db, member.companyId, valid);
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  body.lines.forEach((line, index) => {
    const id = ids[index];
    if (id === undefined) problems[`lines.${index}`] = `There is no part number '${line.sku ?? ''}'.`;
    else if (!existing.has(id)) problems[`lines.${index}`] = 'This product is not sold.';
    else if (seen.has(id)) problems[`lines.${index}`] = 'This part is on the list already.';
    if (id !== undefined) seen.add(id);
  });
  if (Object.keys(problems).length > 0)
    throw badRequest('Some lines name no part we sell: nothing was saved.', problems);
  return body.lines.map((line, index) => ({ productId: ids[index] as string, quantity: line.quantity }));
}

export async function saveList(
  db: Executor,
  member: Membership,
  author: { name: string },
  body: SavedListBody,
  id?: string,
): Promise<SavedList> {
  requireRight(member, 'order');
  const listId = await db.transaction(async (tx) => {
    const lines = await resolveLines(tx, member, body);
    const repository = createSavedListsRepository(tx);
    let listId = id;
    if (listId === undefined) {
      listId = (
        await repository.insert({ companyId: member.companyId, name: body.name, createdBy: author.name })
      ).id;
    } else {
      if (!(await repository.find(member.companyId, listId))) throw notFound('List');
      await repository.rename(listId, body.name);
    }
    await repository.replaceLines(listId, lines);
    return listId;
  });
  const list = (await listSavedLists(db, member)).find((l) => l.id === listId);
  if (!list) throw notFound('List');
  return list;
}

export async function deleteList(db: Executor, member: Membership, id: string): Promise<void> {
  requireRight(member, 'order');
  await db.transaction(async (tx) => {
    const repository = createSavedListsRepository(tx);
    if (!(await repository.find(member.companyId, id))) throw notFound('List');
    await repository.delete(id);
  });
}

/** 'Add all to cart': every line through the cart's own rules (as quick order adds them). */
export async function addListToCart(deps: AppDeps, member: Membership, id: string): Promise<Cart> {
  requireRight(member, 'order');
  const list = (await listSavedLists(deps.db, member)).find((l) => l.id === id);
  if (!list) throw notFound('List');
  if (list.lines.length === 0) throw conflict('This list has no parts to add.');
  return addCartLines(deps, member.userId, {
    lines: list.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
  });
}
