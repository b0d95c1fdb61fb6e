import { EmailSchema } from '@forgeline/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { createUsersRepository } from './repository.ts';

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
    if (!deleted) throw notFound('User');
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
