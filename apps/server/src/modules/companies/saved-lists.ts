import type { Cart } from '@forgeline/shared/schemas/cart';
import type { SavedList, SavedListBody } from '@forgeline/shared/schemas/company';
import { IdSchema } from '@forgeline/shared/schemas/common';
import type { Executor } from '../../db/client.ts';
import type { SavedListRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { addCartLines } from '../cart/index.ts';
import type { Membership } from '../membership/index.ts';
import { companyView, viewProducts } from '../pricing/index.ts';
import { findProducts } from '../products/index.ts';
import { createSavedListsRepository, type SavedListLineRow } from './saved-lists-repository.ts';
import { requireRight } from './service.ts';

/** Named part lists shared inside a company: every member reads them, those who order edit them. */

const toSavedList = (row: SavedListRow, lines: SavedListLineRow[]): SavedList => ({
  id: row.id,
  name: row.name,
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
  lines: lines
    .filter((line) => line.listId === row.id)
    .map(({ productId, sku, name, quantity }) => ({ productId, sku, name, quantity })),
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
  const seen = await partsSeenBy(
    db,
    member.companyId,
    lines.map((line) => line.productId),
  );
  return rows.map((row) =>
    toSavedList(
      row,
      lines.filter((line) => seen.has(line.productId)),
    ),
  );
}

/** 400 naming each line whose part is not (or no longer) in the catalogue; a part named twice too. */
async function checkLines(db: Executor, companyId: string, body: SavedListBody) {
  const ids = body.lines.map((line) => line.productId);
  const valid = ids.filter((id) => IdSchema.safeParse(id).success);
  const existing = await partsSeenBy(db, companyId, valid);
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  body.lines.forEach((line, index) => {
    if (!existing.has(line.productId)) problems[`lines.${index}`] = 'This product is not sold.';
    else if (seen.has(line.productId)) problems[`lines.${index}`] = 'This part is on the list already.';
    seen.add(line.productId);
  });
  if (Object.keys(problems).length > 0)
    throw badRequest('Some lines name no part we sell: nothing was saved.', problems);
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
    await checkLines(tx, member.companyId, body);
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
    await repository.replaceLines(listId, body.lines);
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
