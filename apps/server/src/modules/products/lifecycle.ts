import type { ProductLifecycle, RelatedPart } from '@forgeline/shared/schemas/product';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import type { Executor } from '../../db/client.ts';
import { writeCatalogue } from '../../lib/catalogue-write.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { viewProduct, viewProducts, type CatalogueView } from '../pricing/index.ts';
import { createProductsRepository } from './repository.ts';

/**
 * Discontinued parts, their replacement and a part's related parts (decision 0233). Whether a
 * discontinued part may be ordered is not decided here: pricing.ts's quantityProblem refuses it for
 * every path that sells.
 */

/** The admin's view of it: part numbers, as the admin types them. */
export async function getLifecycle(db: Executor, id: string): Promise<ProductLifecycle> {
  const repository = createProductsRepository(db);
  const part = await repository.findById(id);
  if (!part) throw notFound('Product');
  const replacement = part.replacementId ? await repository.findById(part.replacementId) : undefined;
  const related = await repository.relatedOf(part.id);
  return {
    discontinued: part.discontinued,
    replacement: replacement?.sku ?? null,
    related: related.map((entry) => ({ sku: entry.product.sku, kind: entry.kind })),
  };
}

/** Saves it whole: each part number must name another part, else a 400 naming the field. */
export async function setLifecycle(
  deps: Pick<AppDeps, 'db' | 'catalogueCache'>,
  actor: AuditActor,
  id: string,
  body: ProductLifecycle,
): Promise<ProductLifecycle> {
  await writeCatalogue(deps, async (tx) => {
    const repository = createProductsRepository(tx);
    const part = await repository.findById(id);
    if (!part) throw notFound('Product');
    const before = await getLifecycle(tx, part.id);
    const replacementSku = body.discontinued ? body.replacement || null : null;
    const skus = [
      ...new Set([...(replacementSku ? [replacementSku] : []), ...body.related.map((r) => r.sku)]),
    ];
    const bySku = new Map((await repository.findBySkus(skus)).map((row) => [row.sku, row]));
    const problems: Record<string, string> = {};
    const check = (sku: string, field: string) => {
      const found = bySku.get(sku);
      if (!found) problems[field] = `There is no part number '${sku}'.`;
      else if (found.id === part.id) problems[field] = 'A part cannot name itself.';
      return found;
    };
    const replacement = replacementSku ? check(replacementSku, 'replacement') : undefined;
    const seen = new Set<string>();
    const related = body.related.flatMap((entry, index) => {
      const found = check(entry.sku, `related.${index}.sku`);
      if (!found || seen.has(found.id)) return [];
      seen.add(found.id);
      return [{ relatedId: found.id, kind: entry.kind }];
    });
    const [first] = Object.values(problems);
    if (first) throw badRequest(first, problems);
    await repository.update(part.id, {
      discontinued: body.discontinued,
      replacementId: replacement?.id ?? null,
    });
    await repository.setRelated(part.id, related);
    await recordAudit(tx, actor, {
      action: 'product.lifecycle_set',
      subject: { type: 'product', id: part.id, label: part.name },
      before,
      after: await getLifecycle(tx, part.id),
    });
  });
  return getLifecycle(deps.db, id);
}

/** The part to order instead of a discontinued one: its part number and name. */
export type Replacement = { id: string; sku: string; name: string };

/**
 * The replacements of the discontinued parts among `parts`, by the discontinued part's id: only one the
 * viewer may see and that is not discontinued itself, so what is offered can be ordered.
 */
export async function replacementsOf(
  db: Executor,
  view: CatalogueView,
  parts: readonly { id: string; discontinued: boolean; replacementId: string | null }[],
): Promise<Map<string, Replacement>> {
  const wanted = parts.filter((part) => part.discontinued && part.replacementId);
  if (wanted.length === 0) return new Map();
  const candidates = await createProductsRepository(db).findByIds(wanted.map((part) => part.replacementId!));
  const orderable = new Map(
    (await viewProducts(db, view, candidates))
      .filter((row) => !row.discontinued)
      .map((row) => [row.id, { id: row.id, sku: row.sku, name: row.name }]),
  );
  return new Map(
    wanted.flatMap((part) => {
      const replacement = orderable.get(part.replacementId!);
      return replacement ? [[part.id, replacement] as const] : [];
    }),
  );
}

/** 'Replaced by FL-BRG-6205 (Flanged bearing 6205).', for a message beside 'discontinued'. */
export const replacedBy = (replacement: Replacement) =>
  `Replaced by ${replacement.sku} (${replacement.name}).`;

/**
 * A part's related parts as the viewer sees them, in the admin's order: hidden ones left out, a
 * discontinued one kept and marked (the buyer may still want to know it fits).
 */
export async function relatedParts(db: Executor, view: CatalogueView, id: string): Promise<RelatedPart[]> {
  const repository = createProductsRepository(db);
  if (!(await viewProduct(db, view, await repository.findById(id)))) throw notFound('Product');
  const related = await repository.relatedOf(id);
  const kinds = new Map(related.map((entry) => [entry.product.id, entry.kind]));
  const seen = await viewProducts(
    db,
    view,
    related.map((entry) => entry.product),
  );
  return seen.map((row) => ({
    _id: row.id,
    name: row.name,
    sku: row.sku,
    img: row.imageUrl ?? PART_PHOTO_PLACEHOLDER,
    kind: kinds.get(row.id) ?? 'accessory',
    discontinued: row.discontinued,
  }));
}
