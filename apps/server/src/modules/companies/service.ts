import { toCents } from '@forgeline/shared/money';
import type { COMPANY_ROLE_RIGHTS } from '@forgeline/shared/schemas/company';
import {
  type Company,
  type CompanyAddress,
  type CompanyAddressBody,
  type CompanyBody,
  type CompanyMember,
  type CompanyMemberPatch,
  type CompanyPatch,
  type CompanyRole,
  type MyCompany,
  companyTaxProblems,
} from '@forgeline/shared/schemas/company';
import type { Executor } from '../../db/client.ts';
import type { CompanyRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/pick.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/index.ts';
import { findMembership, rightsOf, spentThisMonth, type Membership } from '../membership/index.ts';
import { latestApplication } from './applications.ts';
import { toAddressDto, toMemberDto } from './mappers.ts';
import { createCompaniesRepository, type MemberRow } from './repository.ts';
import { toCompany } from './terms.ts';

/**
 * A company, its members and address book (docs/decisions/0213). Every change is made by a company
 * admin of that company or by the shop's admin; a member of another company is told it does not exist.
 */

/** Who changes a company: one of its members (their role decides) or the shop's admin (audited). */
export type CompanyActor = { kind: 'member'; member: Membership } | { kind: 'shop'; admin: AuditActor };

/** The signed-in person's membership, or 404: company pages do not exist for people without one. */
export async function requireMembership(db: Executor, userId: string): Promise<Membership> {
  const member = await findMembership(db, userId);
  if (!member) throw notFound('Company');
  return member;
}

/** 403 unless the member's role may `right`. */
export function requireRight(member: Membership, right: keyof (typeof COMPANY_ROLE_RIGHTS)['admin']) {
  if (rightsOf(member)[right]) return;
  const messages = {
    manage: 'Only a company admin can do that.',
    approve: 'Only an approver or a company admin can decide order requests.',
    order: 'Finance members read orders and invoices; they cannot place orders or accept quotes.',
    seeAllOrders: 'Your role does not read all of the company’s orders.',
    seeInvoices: 'Your role does not read the company’s invoices.',
  };
  throw forbidden(messages[right]);
}

/** A company actor allowed to manage `companyId`: its company admin, or the shop's admin. */
function assertManages(actor: CompanyActor, companyId: string) {
  if (actor.kind === 'shop') return;
  if (actor.member.companyId !== companyId) throw notFound('Company');
  requireRight(actor.member, 'manage');
}

export async function getMyCompany(db: Executor, userId: string): Promise<MyCompany> {
  const member = await findMembership(db, userId);
  if (!member) return { company: null, member: null, application: await latestApplication(db, userId) };
  const repository = createCompaniesRepository(db);
  const [company, row, spent] = await Promise.all([
    toCompany(db, member.company),
    repository.member(member.companyId, userId),
    spentThisMonth(db, member.companyId),
  ]);
  if (!row) throw notFound('Company');
  return { company, member: toMemberDto(row, spent.get(userId) ?? 0), application: null };
}

/** The shop admin creates a company (members are attached or invited after). */
export async function createCompany(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  body: CompanyBody,
): Promise<Company> {
  const company = await deps.db.transaction(async (tx) => {
    const row = await createCompaniesRepository(tx).insert({
      name: body.name,
      taxId: body.taxId ?? null,
      billingAddress: body.billingAddress,
      country: body.country,
      region: body.region ?? null,
      allowFreeTextAddress: body.allowFreeTextAddress ?? true,
    });
    await recordAudit(tx, admin, {
      action: 'company.created',
      subject: { type: 'company', id: row.id, label: row.name },
      after: auditedDetails(row),
    });
    return row;
  });
  return toCompany(deps.db, company);
}

export async function updateCompany(
  deps: Pick<AppDeps, 'db'>,
  actor: CompanyActor,
  companyId: string,
  patch: CompanyPatch,
): Promise<Company> {
  assertManages(actor, companyId);
  const company = await deps.db.transaction(async (tx) => {
    const repository = createCompaniesRepository(tx);
    const before = await repository.lock(companyId);
    if (!before) throw notFound('Company');
    // Where a company is decides its tax (export is zero-rated): the shop sets it, never the company itself.
    const moves =
      (patch.country !== undefined && patch.country !== before.country) ||
      (patch.region !== undefined && patch.region !== before.region);
    if (moves && actor.kind !== 'shop') {
      const message = `Your company's country and state decide its tax, so we change them for you: please write to us.`;
      throw badRequest(message, { [patch.country !== before.country ? 'country' : 'region']: message });
    }
    const taxFacts = companyTaxFacts(before, patch);
    const after = await repository.update(companyId, {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.taxId !== undefined && { taxId: patch.taxId }),
      ...(patch.billingAddress !== undefined && { billingAddress: patch.billingAddress }),
      ...(patch.allowFreeTextAddress !== undefined && { allowFreeTextAddress: patch.allowFreeTextAddress }),
      ...taxFacts,
    });
    if (!after) throw notFound('Company');
    if (actor.kind === 'shop') {
      await recordAudit(tx, actor.admin, {
        action: 'company.edited',
        subject: { type: 'company', id: companyId, label: after.name },
        ...changedFields(auditedDetails(before), auditedDetails(after)),
      });
    }
    return after;
  });
  return toCompany(deps.db, company);
}

const auditedDetails = (row: CompanyRow) => ({
  name: row.name,
  taxId: row.taxId,
  billingAddress: row.billingAddress,
  country: row.country,
  region: row.region,
  taxIdVerifiedAt: row.taxIdVerifiedAt?.toISOString() ?? null,
});

/**
 * The country, region and VAT ID as the patch leaves them (decision 0231), checked together against
 * what is stored: an EU VAT ID of another state's prefix, or a US company without its state, is a 400.
 * A new VAT ID or a new country clears the shop's verification in the same update: what was checked
 * in VIES was the old pair.
 */
function companyTaxFacts(before: CompanyRow, patch: CompanyPatch): Partial<CompanyRow> {
  const country = patch.country ?? before.country;
  const region =
    patch.region !== undefined ? patch.region : patch.country !== undefined ? null : before.region;
  const taxId = patch.taxId !== undefined ? patch.taxId : before.taxId;
  const [problem] = companyTaxProblems({ country, region, taxId });
  if (problem) throw badRequest(problem.message, { [problem.path]: problem.message });
  const changed = taxId !== before.taxId || country !== before.country;
  return {
    ...(patch.country !== undefined && { country, region }),
    ...(patch.region !== undefined && { region }),
    ...(changed && { taxIdVerifiedAt: null, taxIdVerifiedBy: null }),
  };
}

export async function listMembers(db: Executor, companyId: string): Promise<CompanyMember[]> {
  const repository = createCompaniesRepository(db);
  const [rows, spent] = await Promise.all([repository.members(companyId), spentThisMonth(db, companyId)]);
  return rows.map((row) => toMemberDto(row, spent.get(row.userId) ?? 0));
}

const LAST_ADMIN = 'A company needs at least one company admin: make another member admin first.';

/** 409 when `userId` is the company's only admin and would stop being one. */
async function assertNotLastAdmin(tx: Executor, companyId: string, userId: string) {
  const admins = await createCompaniesRepository(tx).lockAdmins(companyId);
  if (admins.length === 1 && admins[0] === userId) throw conflict(LAST_ADMIN, 'LAST_COMPANY_ADMIN');
}

/** Changes a member's role, limits or reach; answers the member as they now are. */
export async function changeMember(
  deps: Pick<AppDeps, 'db'>,
  actor: CompanyActor,
  companyId: string,
  userId: string,
  patch: CompanyMemberPatch,
): Promise<CompanyMember> {
  assertManages(actor, companyId);
  await deps.db.transaction(async (tx) => {
    const repository = createCompaniesRepository(tx);
    if (patch.role !== undefined && patch.role !== 'admin') await assertNotLastAdmin(tx, companyId, userId);
    const before = await repository.member(companyId, userId);
    if (!before) throw notFound('Member');
    await repository.updateMember(userId, {
      ...(patch.role !== undefined && { role: patch.role }),
      ...(patch.seesAllOrders !== undefined && { seesAllOrders: patch.seesAllOrders }),
      ...(patch.orderLimit !== undefined && {
        orderLimitCents: patch.orderLimit === null ? null : toCents(patch.orderLimit),
      }),
      ...(patch.monthlyLimit !== undefined && {
        monthlyLimitCents: patch.monthlyLimit === null ? null : toCents(patch.monthlyLimit),
      }),
    });
    if (actor.kind === 'shop') {
      await recordAudit(tx, actor.admin, {
        action: 'company.member_changed',
        subject: { type: 'company', id: companyId, label: before.email },
        before: memberSummary(before),
        after: { ...patch },
      });
    }
  });
  const member = (await listMembers(deps.db, companyId)).find((m) => m.userId === userId);
  if (!member) throw notFound('Member');
  return member;
}

const memberSummary = (row: MemberRow) =>
  pick(row, ['role', 'seesAllOrders', 'orderLimitCents', 'monthlyLimitCents']);

/** A company admin (or the shop) removes a member; any member may remove themselves (leave). */
export async function removeMember(
  deps: Pick<AppDeps, 'db'>,
  actor: CompanyActor,
  companyId: string,
  userId: string,
): Promise<void> {
  const leaving = actor.kind === 'member' && actor.member.userId === userId;
  if (!leaving) assertManages(actor, companyId);
  else if (actor.member.companyId !== companyId) throw notFound('Company');
  await deps.db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, companyId, userId);
    const repository = createCompaniesRepository(tx);
    const before = await repository.member(companyId, userId);
    if (!before) throw notFound('Member');
    await repository.removeMember(userId);
    if (actor.kind === 'shop') {
      await recordAudit(tx, actor.admin, {
        action: 'company.member_removed',
        subject: { type: 'company', id: companyId, label: before.email },
        before: memberSummary(before),
      });
    }
  });
}

/** The shop admin attaches an existing customer to a company, in a role. */
export async function attachMember(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  companyId: string,
  body: { email: string; role: CompanyRole },
): Promise<CompanyMember> {
  const userId = await deps.db.transaction(async (tx) => {
    const repository = createCompaniesRepository(tx);
    const company = await repository.lock(companyId);
    if (!company) throw notFound('Company');
    const user = await repository.userByEmail(body.email);
    if (!user) throw notFound('Customer');
    const added = await repository.addMember({ userId: user.id, companyId, role: body.role });
    if (!added) {
      throw conflict(
        `${user.email} already belongs to a company: they leave it first.`,
        'ALREADY_IN_COMPANY',
      );
    }
    await recordAudit(tx, admin, {
      action: 'company.member_attached',
      subject: { type: 'company', id: companyId, label: company.name },
      after: { email: user.email, role: body.role },
    });
    return user.id;
  });
  const member = (await listMembers(deps.db, companyId)).find((m) => m.userId === userId);
  if (!member) throw notFound('Member');
  return member;
}

export async function listAddresses(db: Executor, companyId: string): Promise<CompanyAddress[]> {
  return (await createCompaniesRepository(db).addresses(companyId)).map(toAddressDto);
}

/** Adds (no `id`) or replaces a site of the company's address book. Orders keep their own copy. */
export async function saveAddress(
  deps: Pick<AppDeps, 'db'>,
  actor: CompanyActor,
  companyId: string,
  body: CompanyAddressBody,
  id?: string,
): Promise<CompanyAddress> {
  assertManages(actor, companyId);
  const repository = createCompaniesRepository(deps.db);
  if (id === undefined) return toAddressDto(await repository.insertAddress({ ...body, companyId }));
  const row = await repository.updateAddress(companyId, id, body);
  if (!row) throw notFound('Address');
  return toAddressDto(row);
}

export async function deleteAddress(
  deps: Pick<AppDeps, 'db'>,
  actor: CompanyActor,
  companyId: string,
  id: string,
): Promise<void> {
  assertManages(actor, companyId);
  if (!(await createCompaniesRepository(deps.db).deleteAddress(companyId, id))) throw notFound('Address');
}

/**
 * Where a member's checkout goes: a site of the book (its address and phone copied onto the order) or,
 * where the company allows it, the address typed. Someone without a company types it, as before.
 */
export async function deliveryFor(
  db: Executor,
  member: Membership | undefined,
  body: { address: string; phone: string; addressId?: string | undefined },
): Promise<{ address: string; phone: string; addressLabel: string | null }> {
  if (body.addressId !== undefined) {
    const site = member && (await createCompaniesRepository(db).address(member.companyId, body.addressId));
    if (!site) throw notFound('Address');
    return { address: site.address, phone: site.phone, addressLabel: site.label };
  }
  // No address at all: only collection from the works takes that, which placement judges (decision 0268).
  if (!body.address.trim()) return { address: '', phone: body.phone, addressLabel: null };
  if (member && !member.company.allowFreeTextAddress) {
    const message = 'Your company delivers only to the sites of its address book: please choose one.';
    throw badRequest(message, { addressId: message });
  }
  return { address: body.address, phone: body.phone, addressLabel: null };
}
