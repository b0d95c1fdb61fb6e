import type { Company, CompanyApplication, CompanyApplicationBody } from '@forgeline/shared/schemas/company';
import type { Executor } from '../../db/client.ts';
import type { CompanyApplicationRow } from '../../db/schema/index.ts';
import { createApplicationsRepository } from './applications-repository.ts';
import type { AppDeps, MailDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/pick.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findMembership } from '../membership/index.ts';
import { toApplicationDto } from './mappers.ts';
import { createCompaniesRepository } from './repository.ts';
import { toCompany } from './terms.ts';

/**
 * A person applies for a business account; the shop's admin approves (a company is made with them as
 * its admin) or declines. Until then they buy as a person. One application waits per person at a time.
 */

export async function latestApplication(db: Executor, userId: string): Promise<CompanyApplication | null> {
  const row = await createApplicationsRepository(db).latestOf(userId);
  return row ? toApplicationDto(row) : null;
}

export async function applyForCompany(
  deps: Pick<AppDeps, 'db'>,
  user: { id: string; name: string; email: string },
  body: CompanyApplicationBody,
): Promise<CompanyApplication> {
  if (await findMembership(deps.db, user.id)) {
    throw conflict('You already belong to a company.', 'ALREADY_IN_COMPANY');
  }
  const row = await createApplicationsRepository(deps.db).insert({
    userId: user.id,
    applicantName: user.name,
    applicantEmail: user.email,
    companyName: body.companyName,
    taxId: body.taxId ?? null,
    billingAddress: body.billingAddress,
    country: body.country,
    region: body.region ?? null,
    note: body.note || null,
  });
  if (!row) throw conflict('Your application is being reviewed already.', 'APPLICATION_PENDING');
  return toApplicationDto(row);
}

export async function listApplications(
  db: Executor,
  status: 'pending' | 'all',
  companyId?: string,
): Promise<CompanyApplication[]> {
  const rows = await createApplicationsRepository(db).list({
    pendingOnly: status === 'pending',
    companyId,
    limit: 500,
  });
  return rows.map(toApplicationDto);
}

async function lockPending(tx: Executor, id: string): Promise<CompanyApplicationRow> {
  const row = await createApplicationsRepository(tx).lock(id);
  if (!row) throw notFound('Application');
  if (row.status !== 'pending')
    throw conflict(`This application was ${row.status} already.`, 'APPLICATION_DECIDED');
  return row;
}

function queueDecisionMail(deps: MailDeps, tx: Executor, row: CompanyApplicationRow, approved: boolean) {
  const text = approved
    ? [
        `Your business account for ${row.companyName} is open: you are its company admin.`,
        `Invite your colleagues and add your delivery sites: ${deps.config.publicUrl}/dashboard/company`,
      ]
    : [
        `We could not open a business account for ${row.companyName}${row.reason ? `: ${row.reason}` : '.'}`,
        'You can still order as a person; reply to this mail if you have questions.',
      ];
  return deps.mailer.enqueue(tx, {
    to: row.applicantEmail,
    subject: approved ? `Business account opened: ${row.companyName}` : `Your business account application`,
    text: [`Hello ${row.applicantName},`, '', ...text, '', 'Forgeline', ''].join('\n'),
  });
}

export async function approveApplication(
  deps: AppDeps,
  admin: AuditActor,
  id: string,
): Promise<{ application: CompanyApplication; company: Company }> {
  const { application, company, mailId } = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const companies = createCompaniesRepository(tx);
    const company = await companies.insert({
      name: row.companyName,
      taxId: row.taxId,
      billingAddress: row.billingAddress,
      country: row.country,
      region: row.region,
    });
    if (
      !row.userId ||
      !(await companies.addMember({ userId: row.userId, companyId: company.id, role: 'admin' }))
    ) {
      throw conflict(
        'The applicant belongs to a company already (or their account is gone): decline this application.',
        'ALREADY_IN_COMPANY',
      );
    }
    const decided = await createApplicationsRepository(tx).decide(id, {
      status: 'approved',
      decidedBy: admin.id,
      companyId: company.id,
    });
    if (!decided) throw notFound('Application');
    await recordAudit(tx, admin, {
      action: 'company.application_approved',
      subject: { type: 'company', id: company.id, label: company.name },
      after: { ...pick(company, ['name', 'taxId', 'country', 'region']), admin: row.applicantEmail },
    });
    return { application: decided, company, mailId: await queueDecisionMail(deps, tx, decided, true) };
  });
  deps.mailer.deliverLater([mailId]);
  return { application: toApplicationDto(application), company: await toCompany(deps.db, company) };
}

export async function declineApplication(
  deps: AppDeps,
  admin: AuditActor,
  id: string,
  reason: string | undefined,
): Promise<CompanyApplication> {
  const { application, mailId } = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const decided = await createApplicationsRepository(tx).decide(id, {
      status: 'declined',
      reason: reason || null,
      decidedBy: admin.id,
    });
    if (!decided) throw notFound('Application');
    await recordAudit(tx, admin, {
      action: 'company.application_declined',
      subject: { type: 'company', id: null, label: row.companyName },
      after: { applicant: row.applicantEmail, reason: reason ?? null },
    });
    return { application: decided, mailId: await queueDecisionMail(deps, tx, decided, false) };
  });
  deps.mailer.deliverLater([mailId]);
  return toApplicationDto(application);
}
