import { parseValue, type AttributeDef, type AttributeValue } from '@forgeline/shared/catalogue';
import type { AttributeBody, CategoryBody, ProductSpecsBody } from '@forgeline/shared/schemas/catalogue';
import type { Executor } from '../../db/client.ts';
import type { AttributeRow, CategoryRow } from '../../db/schema/index.ts';
import { writeCatalogue } from '../../lib/catalogue-write.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { createCategoriesRepository } from './repository.ts';
import { toAttributeDef, treeOf, valuesByKey, type CategoryTree } from './tree.ts';

type Deps = Pick<AppDeps, 'db' | 'catalogueCache'>;

/** The tree and every attribute, read together (a few hundred rows at most). */
export interface Catalogue {
  tree: CategoryTree;
  attributes: readonly AttributeRow[];
  /** The attributes a category's parts carry: its own and its ancestors', top first. */
  attributesOf(categoryId: string): (AttributeDef & { id: string })[];
}

export async function readCatalogue(db: Executor): Promise<Catalogue> {
  const repository = createCategoriesRepository(db);
  const [rows, attributes] = await Promise.all([repository.all(), repository.allAttributes()]);
  const tree = treeOf(rows);
  return {
    tree,
    attributes,
    attributesOf(categoryId) {
      const line = tree.line(categoryId).map((row) => row.id);
      return line.flatMap((id) => attributes.filter((row) => row.categoryId === id).map(toAttributeDef));
    },
  };
}

/** A category of the tree, by id; 404 when there is none. */
function existing(catalogue: Catalogue, id: string): CategoryRow {
  const row = catalogue.tree.rows.find((category) => category.id === id);
  if (!row) throw notFound('Category');
  return row;
}

/** The checks of a category as it would be saved: its parent exists, is not itself or below it. */
async function checkPlacement(tx: Executor, catalogue: Catalogue, id: string | null, body: CategoryBody) {
  if (await createCategoriesRepository(tx).slugTaken(body.slug, id)) {
    throw badRequest(`The address name '${body.slug}' is already used by another category.`, {
      slug: 'Already used by another category',
    });
  }
  if (body.parentId === null) return;
  const parent = catalogue.tree.rows.find((row) => row.id === body.parentId);
  if (!parent) throw badRequest('The parent category does not exist.', { parentId: 'No such category' });
  if (id !== null && catalogue.tree.subtree(id).includes(parent.id)) {
    const name = catalogue.tree.rows.find((row) => row.id === id)?.name ?? 'it';
    throw badRequest(
      `'${name}' cannot go inside '${parent.name}': that is ${parent.id === id ? 'itself' : 'one of its own subcategories'}, and the tree would loop.`,
      { parentId: 'Would make a cycle' },
    );
  }
}

export async function createCategory(
  deps: Deps,
  actor: AuditActor,
  body: CategoryBody,
): Promise<CategoryRow> {
  return writeCatalogue(deps, async (tx) => {
    const repository = createCategoriesRepository(tx);
    await repository.lockTree();
    await checkPlacement(tx, await readCatalogue(tx), null, body);
    const inserted = await repository.insert(body);
    await recordAudit(tx, actor, {
      action: 'category.created',
      subject: { type: 'category', id: inserted.id, label: inserted.name },
      after: { ...body },
    });
    return inserted;
  });
}

/**
 * Renames or moves a category. Every edit of the tree waits on one lock and reads the tree after it, so
 * two moves at once (A into B, B into A) are judged one after the other: the second sees the first and
 * is refused. A move that would leave parts with values of attributes the new place does not have is
 * refused too: the admin first clears those values.
 */
export async function updateCategory(deps: Deps, actor: AuditActor, id: string, body: CategoryBody) {
  return writeCatalogue(deps, async (tx) => {
    const repository = createCategoriesRepository(tx);
    await repository.lockTree();
    const catalogue = await readCatalogue(tx);
    const before = existing(catalogue, id);
    await checkPlacement(tx, catalogue, id, body);
    if (before.parentId !== body.parentId) {
      const subtree = catalogue.tree.subtree(id);
      const keptLine = [
        ...(body.parentId ? catalogue.tree.line(body.parentId) : []).map((r) => r.id),
        ...subtree,
      ];
      const kept = catalogue.attributes.filter((a) => keptLine.includes(a.categoryId)).map((a) => a.id);
      const orphaned = await repository.valuesOutside(subtree, kept);
      if (orphaned > 0) {
        throw conflict(
          `Moving '${before.name}' would leave ${orphaned} value(s) of its parts without their attribute: clear them first.`,
        );
      }
    }
    const updated = await repository.update(id, body);
    await recordAudit(tx, actor, {
      action: 'category.edited',
      subject: { type: 'category', id, label: body.name },
      before: { ...before },
      after: { ...body },
    });
    return updated!;
  });
}

export async function deleteCategory(deps: Deps, actor: AuditActor, id: string): Promise<void> {
  await writeCatalogue(deps, async (tx) => {
    const repository = createCategoriesRepository(tx);
    await repository.lockTree();
    const row = existing(await readCatalogue(tx), id);
    if ((await repository.childCount(id)) > 0) {
      throw conflict(`'${row.name}' has subcategories: move or delete them first.`);
    }
    const parts = await repository.partCount([id]);
    if (parts > 0)
      throw conflict(`'${row.name}' holds ${parts} part(s): move them to another category first.`);
    await repository.delete(id);
    await recordAudit(tx, actor, {
      action: 'category.deleted',
      subject: { type: 'category', id, label: row.name },
      before: { ...row },
    });
  });
}

/** Adds an attribute; its key must be free along the category's line, above and below. */
export async function addAttribute(deps: Deps, actor: AuditActor, categoryId: string, body: AttributeBody) {
  return writeCatalogue(deps, async (tx) => {
    const repository = createCategoriesRepository(tx);
    await repository.lockTree();
    const catalogue = await readCatalogue(tx);
    const category = existing(catalogue, categoryId);
    const line = [
      ...catalogue.tree.line(categoryId),
      ...catalogue.tree.subtree(categoryId).map((cid) => existing(catalogue, cid)),
    ];
    const clash = catalogue.attributes.find(
      (attribute) => attribute.key === body.key && line.some((row) => row.id === attribute.categoryId),
    );
    if (clash) {
      const owner = existing(catalogue, clash.categoryId).name;
      throw badRequest(`The key '${body.key}' is already an attribute of '${owner}'.`, {
        key: 'Already used',
      });
    }
    const inserted = await repository.insertAttribute({ ...body, categoryId });
    await recordAudit(tx, actor, {
      action: 'category.attribute_added',
      subject: { type: 'category', id: categoryId, label: category.name },
      after: { ...body },
    });
    return inserted;
  });
}

/** Removes an attribute and every part's value of it. */
export async function removeAttribute(deps: Deps, actor: AuditActor, id: string): Promise<void> {
  await writeCatalogue(deps, async (tx) => {
    const removed = await createCategoriesRepository(tx).deleteAttribute(id);
    if (!removed) throw notFound('Attribute');
    await recordAudit(tx, actor, {
      action: 'category.attribute_removed',
      subject: { type: 'category', id: removed.categoryId, label: removed.label },
      before: { ...removed },
    });
  });
}

/** A part's category and values as they would be saved, or the problems by field ('attributes.bore'). */
export function checkSpecs(
  catalogue: Catalogue,
  body: ProductSpecsBody,
):
  | { ok: true; categoryId: string | null; values: { attributeId: string; value: AttributeValue }[] }
  | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  if (body.category === null || body.category === '') {
    if (Object.keys(body.attributes).length > 0) {
      problems.attributes = 'A part without a category has no attribute values.';
      return { ok: false, problems };
    }
    return { ok: true, categoryId: null, values: [] };
  }
  const category = catalogue.tree.find(body.category);
  if (!category) return { ok: false, problems: { category: `There is no category '${body.category}'.` } };
  const attributes = catalogue.attributesOf(category.id);
  const values: { attributeId: string; value: AttributeValue }[] = [];
  for (const [key, raw] of Object.entries(body.attributes)) {
    const attribute = attributes.find((candidate) => candidate.key === key);
    if (!attribute) {
      problems[`attributes.${key}`] = `'${key}' is not an attribute of '${category.name}'.`;
      continue;
    }
    if (raw === '') continue;
    const parsed = parseValue(attribute, raw);
    if ('problem' in parsed) problems[`attributes.${key}`] = parsed.problem;
    else values.push({ attributeId: attribute.id, value: parsed.value });
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, categoryId: category.id, values };
}

/** Writes checked specs in `tx` (the CSV import's transaction, or setProductSpecs'). */
export async function writeSpecs(
  tx: Executor,
  productId: string,
  specs: { categoryId: string | null; values: { attributeId: string; value: AttributeValue }[] },
) {
  await createCategoriesRepository(tx).setSpecs(productId, specs.categoryId, specs.values);
}

/** Puts a part in a category with its values (replacing what it had): all or nothing, 400 naming each bad value. */
export async function setProductSpecs(
  deps: Deps,
  actor: AuditActor,
  productId: string,
  body: ProductSpecsBody,
) {
  await writeCatalogue(deps, async (tx) => {
    const repository = createCategoriesRepository(tx);
    const name = await repository.productName(productId);
    if (name === undefined) throw notFound('Product');
    const checked = checkSpecs(await readCatalogue(tx), body);
    if (!checked.ok) {
      const [first] = Object.values(checked.problems);
      throw badRequest(first!, checked.problems);
    }
    await repository.setSpecs(productId, checked.categoryId, checked.values);
    await recordAudit(tx, actor, {
      action: 'product.specs_set',
      subject: { type: 'product', id: productId, label: name },
      after: { ...body },
    });
  });
}

/** Each part's category and its values by key (parts in no category are left out). */
export async function specsOfProducts(
  db: Executor,
  catalogue: Catalogue,
  productIds: readonly string[],
): Promise<Map<string, { category: CategoryRow; values: Record<string, AttributeValue> }>> {
  return specsByKey(catalogue, await createCategoriesRepository(db).specsOf(productIds));
}

/** Parts' stored category and values (by attribute id) as their pages show them: the category row, values by key. */
export function specsByKey(
  catalogue: Catalogue,
  found: ReadonlyMap<string, { categoryId: string; values: ReadonlyMap<string, AttributeValue> }>,
): Map<string, { category: CategoryRow; values: Record<string, AttributeValue> }> {
  const specs = new Map<string, { category: CategoryRow; values: Record<string, AttributeValue> }>();
  for (const [productId, { categoryId, values }] of found) {
    const category = catalogue.tree.rows.find((row) => row.id === categoryId);
    if (!category) continue;
    specs.set(productId, { category, values: valuesByKey(values, catalogue.attributesOf(categoryId)) });
  }
  return specs;
}

/** Each part's category id and its values by attribute id, as stored (parts in no category left out). */
export const specsOfParts = (db: Executor, productIds: readonly string[]) =>
  createCategoriesRepository(db).specsOf(productIds);
