import { endSentence } from '@forgeline/shared/messages';
import { DAY_MS } from '@forgeline/shared/dates';
import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_ROLE_LABELS,
  type Invitation,
  type InvitationBody,
  type InvitationPreview,
  type MyCompany,
} from '@forgeline/shared/schemas/company';
import type { Executor } from '../../db/client.ts';
import type { CompanyInvitationRow } from '../../db/schema/index.ts';
import type { AppDeps, MailDeps } from '../../lib/deps.ts';
import { conflict, DomainError, forbidden, notFound } from '../../lib/errors.ts';
import { findMembership, type Membership } from '../membership/index.ts';
import { toInvitationDto } from './mappers.ts';
import { createCompaniesRepository } from './repository.ts';
import { createInvitationsRepository } from './invitations-repository.ts';
import { getMyCompany, requireRight } from './service.ts';

/**
 * A company admin invites by e-mail (docs/decisions/0213): the link carries a random token of which only
 * the SHA-256 is stored; it works once, for 7 days, for the account with the invited address. A re-send
 * draws a new token (the old link stops working); a revoke ends it.
 */
export const INVITATION_DAYS = 7;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function newToken(now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) };
}

async function queueInvitationMail(
  deps: MailDeps,
  tx: Executor,
  invitation: CompanyInvitationRow,
  token: string,
  companyName: string,
  invitedBy: string,
): Promise<string> {
  const role = COMPANY_ROLE_LABELS[invitation.role].toLowerCase();
  return deps.mailer.enqueue(tx, {
    to: invitation.email,
    subject: `You are invited to order for ${companyName}`,
    text: [
      'Hello,',
      '',
      `${invitedBy} invites you to join ${companyName} on Forgeline as ${role}.`,
      `Open this link within ${INVITATION_DAYS} days to join (sign up first if you have no account with this address):`,
      `${deps.config.publicUrl}/join/${token}`,
      '',
      'If you did not expect this, ignore this mail: nothing happens without the link.',
      '',
      'Forgeline',
      '',
    ].join('\n'),
  });
}

export async function listInvitations(db: Executor, member: Membership): Promise<Invitation[]> {
  requireRight(member, 'manage');
  return (await createInvitationsRepository(db).listOpen(member.companyId)).map((row) =>
    toInvitationDto(row),
  );
}

export async function invite(
  deps: AppDeps,
  member: Membership,
  inviter: { id: string; name: string },
  body: InvitationBody,
): Promise<Invitation> {
  requireRight(member, 'manage');
  const { invitation, mailId } = await deps.db.transaction(async (tx) => {
    const existing = await createCompaniesRepository(tx).userByEmail(body.email);
    const current = existing && (await findMembership(tx, existing.id));
    if (current?.companyId === member.companyId) {
      throw conflict(
        endSentence(`${body.email} is already a member of ${member.company.name}`),
        'ALREADY_MEMBER',
      );
    }
    const { token, tokenHash, expiresAt } = newToken();
    const row = await createInvitationsRepository(tx).insert({
      companyId: member.companyId,
      email: body.email,
      role: body.role,
      tokenHash,
      expiresAt,
      invitedBy: inviter.id,
    });
    if (!row) {
      throw conflict(
        `${body.email} already has an invitation waiting: re-send it instead.`,
        'INVITATION_PENDING',
      );
    }
    const mailId = await queueInvitationMail(deps, tx, row, token, member.company.name, inviter.name);
    return { invitation: row, mailId };
  });
  deps.mailer.deliverLater([mailId]);
  return toInvitationDto(invitation);
}

export async function resendInvitation(
  deps: AppDeps,
  member: Membership,
  inviter: { id: string; name: string },
  id: string,
): Promise<Invitation> {
  requireRight(member, 'manage');
  const { invitation, mailId } = await deps.db.transaction(async (tx) => {
    const invitations = createInvitationsRepository(tx);
    if (!(await invitations.findOpen(member.companyId, id))) throw notFound('Invitation');
    const { token, tokenHash, expiresAt } = newToken();
    const row = await invitations.update(id, { tokenHash, expiresAt, invitedBy: inviter.id });
    if (!row) throw notFound('Invitation');
    const mailId = await queueInvitationMail(deps, tx, row, token, member.company.name, inviter.name);
    return { invitation: row, mailId };
  });
  deps.mailer.deliverLater([mailId]);
  return toInvitationDto(invitation);
}

export async function revokeInvitation(db: Executor, member: Membership, id: string): Promise<void> {
  requireRight(member, 'manage');
  await db.transaction(async (tx) => {
    const invitations = createInvitationsRepository(tx);
    if (!(await invitations.findOpen(member.companyId, id))) throw notFound('Invitation');
    await invitations.update(id, { revokedAt: new Date() });
  });
}

/** An open invitation of a link's token: 404 when used, revoked or unknown; 410 once it expired. */
async function openInvitation(db: Executor, token: string, lock = false, now = new Date()) {
  const row = await createInvitationsRepository(db).byTokenHash(hashOf(token), lock);
  if (!row) throw notFound('Invitation');
  if (row.invitation.expiresAt <= now) {
    throw new DomainError(
      'INVITATION_EXPIRED',
      'This invitation has expired: ask your company admin to send it again.',
    );
  }
  return row;
}

export async function previewInvitation(db: Executor, token: string): Promise<InvitationPreview> {
  const { invitation, companyName } = await openInvitation(db, token);
  return {
    companyName,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The signed-in person joins with the link: once, with the invited address, when in no other company. */
export async function acceptInvitation(
  db: Executor,
  user: { id: string; email: string },
  token: string,
): Promise<MyCompany> {
  await db.transaction(async (tx) => {
    const { invitation, companyName } = await openInvitation(tx, token, true);
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
      throw forbidden(
        endSentence(
          `This invitation was sent to ${invitation.email}: sign in with that address to join ${companyName}`,
        ),
      );
    }
    const added = await createCompaniesRepository(tx).addMember({
      userId: user.id,
      companyId: invitation.companyId,
      role: invitation.role,
    });
    if (!added) {
      throw conflict(
        'You already belong to a company: leave it first to join another.',
        'ALREADY_IN_COMPANY',
      );
    }
    await createInvitationsRepository(tx).update(invitation.id, {
      acceptedAt: new Date(),
      acceptedBy: user.id,
    });
  });
  return getMyCompany(db, user.id);
}
