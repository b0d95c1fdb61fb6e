import type { CompanyPricing, CustomerGroup } from '@forgeline/shared/schemas/price-list';
import { percentOfBasisPoints } from '@forgeline/shared/schemas/price-list';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { companyView } from '../pricing/index.ts';
import { createPriceListsRepository } from './repository.ts';
import { write, type PriceListDeps } from './service.ts';

/** Customer groups (decision 0216): a name, and the companies in it, priced and shown parts alike. */

const duplicate = (name: string) =>
  conflict(`A customer group named '${name}' already exists: choose another name.`);

export async function listGroups(db: Executor): Promise<CustomerGroup[]> {
  const repository = createPriceListsRepository(db);
  const [groups, companies] = await Promise.all([repository.groups(), repository.groupedCompanies()]);
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    companies: companies
      .filter((company) => company.groupId === group.id)
      .map((company) => ({ id: company.id, name: company.name })),
  }));
}

const findGroup = async (db: Executor, id: string) => {
  const group = isUuid(id) ? await createPriceListsRepository(db).group(id) : undefined;
  if (!group) throw notFound('Customer group');
  return group;
};

export async function createGroup(
  deps: PriceListDeps,
  actor: AuditActor,
  name: string,
): Promise<CustomerGroup> {
  const row = await write(
    deps,
    async (tx) => {
      const repository = createPriceListsRepository(tx);
      if (await repository.groupByName(name)) throw duplicate(name);
      const group = await repository.insertGroup(name);
      await recordAudit(tx, actor, {
        action: 'customer_group.created',
        subject: { type: 'customer_group', id: group.id, label: group.name },
        after: { name },
      });
      return group;
    },
    () => duplicate(name),
  );
  return { id: row.id, name: row.name, companies: [] };
}

export async function renameGroup(deps: PriceListDeps, actor: AuditActor, id: string, name: string) {
  await write(
    deps,
    async (tx) => {
      const repository = createPriceListsRepository(tx);
      const group = await findGroup(tx, id);
      const other = await repository.groupByName(name);
      if (other && other.id !== id) throw duplicate(name);
      await repository.renameGroup(id, name);
      await recordAudit(tx, actor, {
        action: 'customer_group.renamed',
        subject: { type: 'customer_group', id, label: name },
        before: { name: group.name },
        after: { name },
      });
    },
    () => duplicate(name),
  );
  const group = (await listGroups(deps.db)).find((row) => row.id === id);
  if (!group) throw notFound('Customer group');
  return group;
}

/** Deletes a group: its companies leave it, its price lists and access rows go with it. */
export async function deleteGroup(deps: PriceListDeps, actor: AuditActor, id: string) {
  await write(deps, async (tx) => {
    const group = await findGroup(tx, id);
    await createPriceListsRepository(tx).removeGroup(id);
    await recordAudit(tx, actor, {
      action: 'customer_group.deleted',
      subject: { type: 'customer_group', id, label: group.name },
      before: { name: group.name },
    });
  });
}

const findCompany = async (db: Executor, id: string) => {
  const company = await createPriceListsRepository(db).company(id);
  if (!company) throw notFound('Company');
  return company;
};

/** Puts a company in a group, or (null) takes it out of its group. */
export async function setCompanyGroup(
  deps: PriceListDeps,
  actor: AuditActor,
  companyId: string,
  groupId: string | null,
): Promise<CompanyPricing> {
  await write(deps, async (tx) => {
    const company = await findCompany(tx, companyId);
    const group = groupId === null ? null : await findGroup(tx, groupId);
    const before = company.groupId ? await createPriceListsRepository(tx).group(company.groupId) : undefined;
    await createPriceListsRepository(tx).setCompanyGroup(companyId, group?.id ?? null);
    await recordAudit(tx, actor, {
      action: 'company.group_changed',
      subject: { type: 'company', id: companyId, label: company.name },
      before: { group: before?.name ?? null },
      after: { group: group?.name ?? null },
    });
  });
  return companyPricing(deps.db, companyId);
}

/** A company's group and the lists it holds, directly or through its group (the pricing module's view). */
export async function companyPricing(db: Executor, companyId: string): Promise<CompanyPricing> {
  const company = await findCompany(db, companyId);
  const group = company.groupId ? await createPriceListsRepository(db).group(company.groupId) : undefined;
  const view = await companyView(db, companyId);
  return {
    group: group ? { id: group.id, name: group.name } : null,
    lists: [...view.lists]
      .sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name))
      .map((list) => ({
        id: list.id,
        name: list.name,
        priority: list.priority,
        heldBy: list.heldBy,
        validFrom: list.validFrom,
        validTo: list.validTo,
        percentOff:
          list.percentOffBasisPoints === null ? null : percentOfBasisPoints(list.percentOffBasisPoints),
        ruleScope: list.ruleScope,
      })),
  };
}
