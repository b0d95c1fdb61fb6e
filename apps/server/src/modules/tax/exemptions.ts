import { endSentence } from '@forgeline/shared/messages';
import { pricingDay } from '@forgeline/shared/contract-pricing';
import type { TaxExemption, TaxExemptionFields } from '@forgeline/shared/schemas/tax';
import type { Executor } from '../../db/client.ts';
import type { AppDeps, MailDeps } from '../../lib/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { safeFileName } from '../../lib/downloads.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findMembership } from '../membership/index.ts';
import { createTaxRepository, type ExemptionListRow } from './repository.ts';

/**
 * Tax exemption certificates (decision 0231): a company admin or finance member uploads one; the shop's
 * admin reads the file and approves or rejects it. Only an approved certificate not yet expired exempts
 * (the engine reads `validExemption`).
 */

/** What a certificate may be, told by its first bytes (never by its name or the type the browser sent). */
const KINDS = [
  { contentType: 'application/pdf', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

export const kindOfFile = (bytes: Buffer) =>
  KINDS.find((kind) => kind.magic.every((byte, index) => bytes[index] === byte));

export const NOT_A_CERTIFICATE_FILE =
  'The certificate must be a PDF, PNG or JPEG file: this file is none of them (whatever its name says).';

export const toExemptionDto = (row: ExemptionListRow): TaxExemption => ({
  id: row.id,
  companyId: row.companyId,
  companyName: row.companyName,
  certificateNumber: row.certificateNumber,
  region: row.region,
  expiresOn: row.expiresOn,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  status: row.status,
  reason: row.reason,
  uploadedBy: row.uploadedBy,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The caller's company, if their role may handle its certificates (company admin or finance); else 403/404. */
async function certificateHandler(db: Executor, user: AuthUser, write: boolean) {
  const member = await findMembership(db, user.id);
  if (!member) throw notFound('Company');
  if (write && member.role !== 'admin' && member.role !== 'finance')
    throw forbidden('Only a company admin or a finance member can upload tax exemption certificates.');
  return member;
}

/** The caller's company's certificates, newest first (any member reads them). */
export async function listOwnExemptions(db: Executor, user: AuthUser): Promise<TaxExemption[]> {
  const member = await certificateHandler(db, user, false);
  return (await createTaxRepository(db).exemptions({ companyId: member.companyId })).map(toExemptionDto);
}

export async function uploadExemption(
  deps: Pick<AppDeps, 'db'>,
  user: AuthUser,
  fields: TaxExemptionFields,
  file: { bytes: Buffer; name: string | undefined },
  now: Date = new Date(),
): Promise<TaxExemption> {
  const member = await certificateHandler(deps.db, user, true);
  const today = pricingDay(now);
  if (fields.expiresOn < today) {
    const message = `This certificate expired on ${fields.expiresOn}: upload one that is still valid.`;
    throw badRequest(message, { expiresOn: message });
  }
  const kind = kindOfFile(file.bytes);
  if (!kind) throw badRequest(NOT_A_CERTIFICATE_FILE, { file: NOT_A_CERTIFICATE_FILE });
  const row = await createTaxRepository(deps.db).insertExemption({
    companyId: member.companyId,
    certificateNumber: fields.certificateNumber,
    region: fields.region ?? null,
    expiresOn: fields.expiresOn,
    fileName: safeFileName(file.name, kind.extension, 'certificate'),
    contentType: kind.contentType,
    file: file.bytes,
    uploadedBy: user.email,
  });
  return toExemptionDto(row);
}

/** The shop admin's list: pending ones (or all), of one company or every company. */
export async function listExemptions(
  db: Executor,
  query: { status: 'pending' | 'all'; companyId?: string | undefined },
): Promise<TaxExemption[]> {
  const rows = await createTaxRepository(db).exemptions({
    companyId: query.companyId,
    pendingOnly: query.status === 'pending',
  });
  return rows.map(toExemptionDto);
}

/** The certificate's file, for the shop's admin. */
export async function exemptionFile(db: Executor, id: string) {
  const row = await createTaxRepository(db).exemptionFile(id);
  if (!row) throw notFound('Certificate');
  return row;
}

function queueDecisionMail(
  deps: MailDeps,
  tx: Executor,
  to: { name: string; email: string },
  certificate: ExemptionListRow,
  reason: string | null,
) {
  const approved = certificate.status === 'approved';
  const text = approved
    ? [
        endSentence(
          `We approved tax exemption certificate ${certificate.certificateNumber} of ${certificate.companyName}`,
        ),
        `Orders placed until ${certificate.expiresOn} are not charged sales tax. Upload a new certificate before then to keep it so.`,
      ]
    : [
        `We could not accept tax exemption certificate ${certificate.certificateNumber} of ${certificate.companyName}: ${reason ?? ''}`,
        'Until a certificate is approved, tax is charged on your orders.',
        `You can upload another one on your company page: ${deps.config.publicUrl}/dashboard/company`,
      ];
  return deps.mailer.enqueue(tx, {
    to: to.email,
    subject: approved
      ? `Tax exemption approved: certificate ${certificate.certificateNumber}`
      : `Tax exemption certificate ${certificate.certificateNumber} not accepted`,
    text: [`Hello ${to.name},`, '', ...text, '', 'Forgeline', ''].join('\n'),
  });
}

/**
 * The shop admin approves or rejects a pending certificate; the company's admins are mailed through the
 * outbox in the same transaction. A decided certificate is not decided again (409).
 */
export async function decideExemption(
  deps: MailDeps,
  admin: AuditActor,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TaxExemption> {
  const { row, mailIds } = await deps.db.transaction(async (tx) => {
    const repository = createTaxRepository(tx);
    const locked = await repository.lockExemption(id);
    if (!locked) throw notFound('Certificate');
    if (locked.status !== 'pending')
      throw conflict(`This certificate was ${locked.status} already.`, 'CONFLICT');
    const reason = decision.approve ? null : decision.reason;
    await repository.decideExemption(id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason,
      reviewedBy: admin.email,
    });
    const [row] = await repository.exemptions({ id });
    if (!row) throw notFound('Certificate');
    await recordAudit(tx, admin, {
      action: decision.approve ? 'tax_exemption.approved' : 'tax_exemption.rejected',
      subject: { type: 'tax_exemption', id, label: `${row.certificateNumber} (${row.companyName})` },
      after: { status: row.status, expiresOn: row.expiresOn, region: row.region, reason },
    });
    const admins = await repository.companyAdminEmails(row.companyId);
    const mailIds: string[] = [];
    for (const to of admins) mailIds.push(await queueDecisionMail(deps, tx, to, row, reason));
    return { row, mailIds };
  });
  deps.mailer.deliverLater(mailIds);
  return toExemptionDto(row);
}
