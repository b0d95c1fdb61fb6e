import { EmailSchema } from '@forgeline/shared/schemas/common';
import type { UserInfoBody, UserInfoResponse, UserSummary } from '@forgeline/shared/schemas/user';
import type { UserSearchQuery } from '@forgeline/shared/schemas/user-search';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Page } from '../../db/keyset.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { createUsersRepository } from './repository.ts';

type UserDeps = Pick<AppDeps, 'db'>;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The spec's user endpoints name the account by e-mail: only its owner may act on it (an admin may
 * read, where the caller says so). The e-mail never chooses whose data it is: the session does.
 */
function assertOwnEmail(user: AuthUser, email: string, options: { adminMayRead?: boolean } = {}) {
  if (sameEmail(user.email, email)) return;
  if (options.adminMayRead && user.role === 'admin') return;
  throw forbidden('You can only do that for your own account.');
}

/** After sign-in: the caller's own e-mail(s) only; the profile row exists. Answers whether it was created. */
export async function ensureAccount(deps: UserDeps, user: AuthUser, emails: string[]): Promise<boolean> {
  for (const email of emails) assertOwnEmail(user, email);
  return createUsersRepository(deps.db).ensureProfile(user.id);
}

/** Whether the e-mail belongs to an admin: your own, or any for an admin. */
export async function isAdmin(deps: UserDeps, user: AuthUser, email: string): Promise<boolean> {
  assertOwnEmail(user, email, { adminMayRead: true });
  if (sameEmail(user.email, email)) return user.role === 'admin';
  const target = await createUsersRepository(deps.db).findByEmail(email);
  return target?.role === 'admin';
}

/** Your role and profile. */
export async function getUserInfo(deps: UserDeps, user: AuthUser, email: string): Promise<UserInfoResponse> {
  assertOwnEmail(user, email);
  return { role: user.role, userInfo: await createUsersRepository(deps.db).profile(user.id) };
}

/** Answers 1 when your profile changed, 0 when it already said exactly that. */
export async function updateUserInfo(
  deps: UserDeps,
  user: AuthUser,
  email: string,
  body: UserInfoBody,
): Promise<number> {
  assertOwnEmail(user, email);
  return createUsersRepository(deps.db).updateProfile(user.id, body);
}

/** Every user, oldest first (admin). */
export async function listUsers(deps: UserDeps): Promise<UserSummary[]> {
  return createUsersRepository(deps.db).list();
}

/** One page of users, newest first, searched by e-mail or name (admin). */
export async function listUsersPage(
  deps: UserDeps,
  query: UserSearchQuery & { limit: number },
): Promise<Page<UserSummary>> {
  return createUsersRepository(deps.db).listPage(query);
}

/** Make Admin: answers 1 when the user became an admin, 0 when they already were one. */
export async function makeAdmin(
  deps: Pick<AppDeps, 'db'>,
  actor: AuditActor,
  email: string,
): Promise<number> {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) throw notFound('User');
  return deps.db.transaction(async (tx) => {
    const made = await createUsersRepository(tx).makeAdmin(parsed.data);
    if (!made) throw notFound('User');
    if (!made.changed) return 0;
    await recordAudit(tx, actor, {
      action: 'user.made_admin',
      subject: { type: 'user', id: made.user.id, label: made.user.email },
      before: { role: 'customer' },
      after: { role: 'admin' },
    });
    return 1;
  });
}

/** Deletes a user and their sessions: never yourself, never the last admin. */
export async function deleteUser(
  deps: Pick<AppDeps, 'db'>,
  actor: AuditActor,
  userId: string,
): Promise<number> {
  if (userId === actor.id) throw conflict('You cannot delete your own account here.', 'SELF_DELETE');
  return deps.db.transaction(async (tx) => {
    const deleted = await createUsersRepository(tx).delete(userId);
    if (deleted === 'missing') throw notFound('User');
    if (deleted === 'lastAdmin') throw conflict('The last admin cannot be deleted.', 'LAST_ADMIN');
    await recordAudit(tx, actor, {
      action: 'user.deleted',
      subject: { type: 'user', id: deleted.id, label: deleted.email },
      before: {
        name: deleted.name,
        email: deleted.email,
        role: deleted.role === 'admin' ? 'admin' : 'customer',
      },
    });
    return 1;
  });
}

/** Where mail for the shop's admins goes (low stock, new orders). */
export const adminEmails = (tx: Executor): Promise<string[]> => createUsersRepository(tx).adminEmails();
