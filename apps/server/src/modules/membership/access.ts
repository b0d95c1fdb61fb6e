import { COMPANY_ROLE_RIGHTS } from '@forgeline/shared/schemas/company';
import type { Executor } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { createMembershipRepository, type Membership } from './repository.ts';

/** Who acts, as far as company rights go: the signed-in account's id and shop role. */
interface Person {
  id: string;
  role?: string | null | undefined;
}

/** A record a company may share: whose it is and which company it was placed for. */
interface Shared {
  userId: string | null;
  companyId: string | null;
}

export const findMembership = (db: Executor, userId: string) => createMembershipRepository(db).find(userId);
export const lockMembership = (db: Executor, userId: string) => createMembershipRepository(db).lock(userId);

export const rightsOf = (member: Membership) => COMPANY_ROLE_RIGHTS[member.role];

/** Whether the member reads every order of the company (their role, or a buyer allowed to). */
export const seesCompanyOrders = (member: Membership | undefined): member is Membership =>
  member !== undefined && (rightsOf(member).seeAllOrders || member.seesAllOrders);

/** Whether the member reads the company's invoices and credit notes, not only those of their own orders. */
export const seesCompanyDocuments = (member: Membership | undefined): member is Membership =>
  member !== undefined && (rightsOf(member).seeInvoices || member.seesAllOrders);

/**
 * Whether a person may read an order or checkout (docs/decisions/0213): their own, any for a shop admin,
 * and their company's when their role reads the company's orders.
 */
export async function mayRead(
  db: Executor,
  record: Shared,
  person: Person,
  what: 'orders' | 'documents' = 'orders',
): Promise<boolean> {
  if (record.userId === person.id || person.role === 'admin') return true;
  if (record.companyId === null) return false;
  const member = await findMembership(db, person.id);
  if (!member) return false;
  const sees = what === 'orders' ? seesCompanyOrders(member) : seesCompanyDocuments(member);
  return sees && member.companyId === record.companyId;
}

/** The company whose orders (or documents) a person reads besides their own, if any. */
export async function readableCompanyOf(
  db: Executor,
  userId: string,
  what: 'orders' | 'documents' = 'orders',
): Promise<string | undefined> {
  const member = await findMembership(db, userId);
  if (!member) return undefined;
  const sees = what === 'orders' ? seesCompanyOrders(member) : seesCompanyDocuments(member);
  return sees ? member.companyId : undefined;
}

/** Refuses a member whose role may not place orders (finance): 403 with the reason. */
export function assertMayOrder(member: Membership | undefined): void {
  if (member && !rightsOf(member).order) {
    throw forbidden('Finance members read orders and invoices; they cannot place orders or accept quotes.');
  }
}
