import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

type KeyEntry = { userId: string; key: string; fingerprint: string };
const byKey = (userId: string, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** The stored Idempotency-Keys and their answers (docs/decisions/0121). */
export function createIdempotencyRepository(db: Executor) {
  return {
    /**
     * Inserts the key with an empty answer, or takes over an expired one; answers whether it was taken.
     * A concurrent duplicate waits on the key's unique index until the first transaction ends.
     */
    async take(entry: KeyEntry, expiresAt: Date): Promise<boolean> {
      // The answer is filled in before this transaction commits; nobody else ever reads the placeholder.
      const placeholder = { ...entry, statusCode: 0, responseBody: null, expiresAt };
      const taken = await db
        .insert(idempotencyKeys)
        .values(placeholder)
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { ...placeholder, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.expiresAt, sql`now()`),
        })
        .returning({ key: idempotencyKeys.key });
      return taken.length > 0;
    },

    async find(userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
      const [stored] = await db.select().from(idempotencyKeys).where(byKey(userId, key));
      return stored;
    },

    async storeAnswer(userId: string, key: string, statusCode: number, body: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, responseBody: body ?? null })
        .where(byKey(userId, key));
    },

    /** Deletes expired keys; answers how many. */
    async purgeExpired(): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.expiresAt, sql`now()`))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
