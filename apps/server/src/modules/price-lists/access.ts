import type { Holder, ProductAccess, ProductAccessBody } from '@forgeline/shared/schemas/price-list';
import type { Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findProduct, lockProducts } from '../products/index.ts';
import { createPriceListsRepository } from './repository.ts';
import { write, type PriceListDeps } from './service.ts';

/**
 * Who may see a part (decision 0216): a restricted part is seen only by the companies and groups it
 * allows; a 'deny' row hides any part from a company or group.
 */

const holderOfRow = (row: {
  companyId: string | null;
  groupId: string | null;
  holderName: string;
}): Holder =>
  row.companyId
    ? { kind: 'company', id: row.companyId, name: row.holderName }
    : { kind: 'group', id: row.groupId ?? '', name: row.holderName };

export async function getAccess(db: Executor, productId: string): Promise<ProductAccess> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound('Product');
  const rows = await createPriceListsRepository(db).access(productId);
  return {
    restricted: product.restricted,
    allow: rows.filter((row) => row.access === 'allow').map(holderOfRow),
    deny: rows.filter((row) => row.access === 'deny').map(holderOfRow),
  };
}

/** Replaces a part's restricted flag and its allow and deny rows; each company or group named once. */
export async function setAccess(
  deps: PriceListDeps,
  actor: AuditActor,
  productId: string,
  body: ProductAccessBody,
): Promise<ProductAccess> {
  const all = [
    ...body.allow.map((ref) => ({ ...ref, access: 'allow' as const })),
    ...body.deny.map((ref) => ({ ...ref, access: 'deny' as const })),
  ];
  const seen = new Set<string>();
  for (const ref of all) {
    const key = `${ref.kind}:${ref.id}`;
    if (seen.has(key)) {
      throw badRequest(
        'A company or group is named twice: each may be allowed or denied, not both, and only once.',
      );
    }
    seen.add(key);
  }
  await write(deps, async (tx) => {
    const [product] = await lockProducts(tx, [productId]);
    if (!product) throw notFound('Product');
    const repository = createPriceListsRepository(tx);
    const companyIds = all.filter((ref) => ref.kind === 'company').map((ref) => ref.id);
    const groupIds = all.filter((ref) => ref.kind === 'group').map((ref) => ref.id);
    const [companies, groups] = await Promise.all([
      repository.companiesByIds(companyIds.filter(isUuid)),
      repository.groupsByIds(groupIds.filter(isUuid)),
    ]);
    if (companies.length !== companyIds.length) throw notFound('Company');
    if (groups.length !== groupIds.length) throw notFound('Customer group');
    const before = await getAccess(tx, productId);
    await repository.setRestricted(productId, body.restricted);
    await repository.replaceAccess(
      productId,
      all.map((ref) => ({
        productId,
        companyId: ref.kind === 'company' ? ref.id : null,
        groupId: ref.kind === 'group' ? ref.id : null,
        access: ref.access,
      })),
    );
    const names = (list: Holder[]) => list.map((holder) => `${holder.kind}: ${holder.name}`);
    const nameOf = new Map([...companies, ...groups].map((row) => [row.id, row.name]));
    await recordAudit(tx, actor, {
      action: 'product.access_changed',
      subject: { type: 'product', id: productId, label: product.sku },
      before: { restricted: before.restricted, allow: names(before.allow), deny: names(before.deny) },
      after: {
        restricted: body.restricted,
        allow: body.allow.map((ref) => `${ref.kind}: ${nameOf.get(ref.id)}`),
        deny: body.deny.map((ref) => `${ref.kind}: ${nameOf.get(ref.id)}`),
      },
    });
  });
  return getAccess(deps.db, productId);
}
