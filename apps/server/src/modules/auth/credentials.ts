import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, verifications } from '../../db/schema/index.ts';

/** Every password-reset link still out for a user (Better Auth keeps them as `reset-password:<token>` → user id). */
export async function voidResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

/** Ends every session of a user (their access tokens die with them, record 0004) and voids their reset links. */
export async function endEverySession(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await voidResetLinks(db, userId);
}
