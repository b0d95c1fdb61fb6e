import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lapsedHolds } from '../../db/schema/index.ts';

/** The record of card checkouts that lapsed unpaid (holds.ts, docs/decisions/0156). */
export function createHoldsRepository(db: Executor) {
  return {
    /** When the buyer's card checkouts lapsed since `since`, oldest first. */
    async lapsesSince(userId: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: lapsedHolds.lapsedAt })
        .from(lapsedHolds)
        .where(and(eq(lapsedHolds.userId, userId), gte(lapsedHolds.lapsedAt, since)))
        .orderBy(asc(lapsedHolds.lapsedAt));
      return rows.map((row) => row.at);
    },

    /** Records the lapse of each checkout once, however often its lines expire. */
    async recordLapses(lapses: { userId: string; checkoutId: string }[], at: Date): Promise<void> {
      if (lapses.length === 0) return;
      await db
        .insert(lapsedHolds)
        .values(lapses.map((lapse) => ({ ...lapse, lapsedAt: at })))
        .onConflictDoNothing();
    },
  };
}
