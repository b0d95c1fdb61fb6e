import { toCents, toDollars } from '@forgeline/shared/money';
import type { Company } from '@forgeline/shared/schemas/company';
import type { PaymentTerms, PaymentTermsBody } from '@forgeline/shared/schemas/payment-terms';
import type { Executor } from '../../db/client.ts';
import type { CompanyRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findMembership } from '../membership/index.ts';
import { toCompanyDto } from './mappers.ts';
import { createCompaniesRepository } from './repository.ts';

/**
 * Payment terms belong to the company (docs/decisions/0213): net days and one credit line that every
 * member's invoiced orders draw on. A person without a company pays by card.
 */

const NOT_APPROVED: PaymentTerms = {
  approved: false,
  termsDays: null,
  creditLimit: 0,
  used: 0,
  available: 0,
};

/** A company's terms and how much of its credit line unpaid invoices use. */
export async function companyTerms(db: Executor, company: CompanyRow): Promise<PaymentTerms> {
  const usedCents = await createCompaniesRepository(db).unpaidOnTermsCents(company.id);
  const limitCents = company.creditLimitCents ?? 0;
  return {
    approved: company.termsDays !== null,
    termsDays: company.termsDays,
    creditLimit: toDollars(limitCents),
    used: toDollars(usedCents),
    available: toDollars(Math.max(limitCents - usedCents, 0)),
  };
}

export async function toCompany(db: Executor, company: CompanyRow): Promise<Company> {
  return toCompanyDto(company, await companyTerms(db, company));
}

/** The terms a person orders on: their company's, or none. */
export async function getTerms(db: Executor, userId: string): Promise<PaymentTerms> {
  const member = await findMembership(db, userId);
  return member ? companyTerms(db, member.company) : NOT_APPROVED;
}

const summary = (company: CompanyRow) =>
  company.termsDays === null
    ? { approved: false }
    : { termsDays: company.termsDays, creditLimit: toDollars(company.creditLimitCents ?? 0) };

/**
 * The shop admin approves, changes or withdraws a company's terms; orders already on terms stay as they
 * are. Answers the company and whether anything changed.
 */
export async function setCompanyTerms(
  deps: Pick<AppDeps, 'db' | 'log'>,
  admin: AuditActor,
  companyId: string,
  body: PaymentTermsBody,
): Promise<{ company: Company; changed: boolean }> {
  const changed = await deps.db.transaction(async (tx) => {
    const repository = createCompaniesRepository(tx);
    const before = await repository.lock(companyId);
    if (!before) throw notFound('Company');
    const termsDays = body.terms?.termsDays ?? null;
    const creditLimitCents = body.terms ? toCents(body.terms.creditLimit) : null;
    if (before.termsDays === termsDays && before.creditLimitCents === creditLimitCents) return false;
    const after = await repository.update(companyId, {
      termsDays,
      creditLimitCents,
      termsUpdatedBy: admin.id,
    });
    if (!after) throw notFound('Company');
    await recordAudit(tx, admin, {
      // The log says what happened: an approval, a change of approved terms, or their withdrawal.
      action: !body.terms
        ? 'terms.withdrawn'
        : before.termsDays !== null
          ? 'terms.changed'
          : 'terms.approved',
      subject: { type: 'company', id: companyId, label: before.name },
      before: summary(before),
      after: summary(after),
    });
    return true;
  });
  if (changed) deps.log.info({ companyId, terms: body.terms }, 'payment terms set');
  const company = await createCompaniesRepository(deps.db).find(companyId);
  if (!company) throw notFound('Company');
  return { company: await toCompany(deps.db, company), changed };
}

/**
 * Terms set on a person (the admin's customer page): they are set on the person's company; a person
 * without one gets a company of their own, named after them, of which they are the admin (decision 0215).
 */
export async function setPersonTerms(
  deps: Pick<AppDeps, 'db' | 'log'>,
  admin: AuditActor,
  userId: string,
  body: PaymentTermsBody,
): Promise<{ terms: PaymentTerms; changed: boolean }> {
  const repository = createCompaniesRepository(deps.db);
  const user = await repository.user(userId);
  if (!user) throw notFound('User');
  let member = await findMembership(deps.db, userId);
  if (!member && body.terms === null) return { terms: NOT_APPROVED, changed: false };
  if (!member) {
    await deps.db.transaction(async (tx) => {
      const companies = createCompaniesRepository(tx);
      const company = await companies.insert({ name: user.name, billingAddress: 'Not given yet' });
      // Another admin may have done the same meanwhile: then the company just made stays unused.
      const added = await companies.addMember({ userId, companyId: company.id, role: 'admin' });
      if (!added) throw new Error('the person joined a company meanwhile');
      await recordAudit(tx, admin, {
        action: 'company.created',
        subject: { type: 'company', id: company.id, label: company.name },
        after: { name: company.name, admin: user.email },
      });
    });
    member = await findMembership(deps.db, userId);
    if (!member) throw notFound('User');
  }
  const { changed } = await setCompanyTerms(deps, admin, member.companyId, body);
  return { terms: await getTerms(deps.db, userId), changed };
}

/**
 * Locks the company's row until the transaction ends (two checkouts of its buyers are counted one after
 * the other; always taken after the product rows) and answers its credit line and what is in use now.
 */
export async function lockCompanyCredit(
  tx: Executor,
  companyId: string,
): Promise<{ termsDays: number | null; creditLimitCents: number | null; usedCents: number } | undefined> {
  const repository = createCompaniesRepository(tx);
  const company = await repository.lock(companyId);
  if (!company) return undefined;
  return {
    termsDays: company.termsDays,
    creditLimitCents: company.creditLimitCents,
    usedCents: await repository.unpaidOnTermsCents(companyId),
  };
}
