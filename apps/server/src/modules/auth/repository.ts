import { and, eq, gt, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users, verifications } from '../../db/schema/index.ts';

/** Every password-reset link still out for a user (Better Auth keeps them as `reset-password:<token>` → user id). */
export async function voidResetLinks(db: Executor, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

/** Ends every session of a user (their access tokens die with them, record 0004) and voids their reset links. */
export async function endEverySession(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await voidResetLinks(db, userId);
}

/** The address is proven (a reset link that worked, record 0131). */
export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** The user of a session that still lives, with their role and ban, or undefined. */
export async function findSessionUser(db: Executor, sessionId: string, userId: string, now = new Date()) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      banned: users.banned,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return row;
}
