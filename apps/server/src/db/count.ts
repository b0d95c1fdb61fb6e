import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * An admin list counts its matches exactly up to here. Counting every one of 100,000 rows costs more
 * than the page itself (decision 0100); past the cap the list says "1,000 or more".
 */
export const TOTAL_COUNT_CAP = 1_000;

/** Counts the rows of `table` that match `where`, reading at most `cap + 1` of them. */
export async function countUpTo(db: Executor, table: PgTable, where: SQL | undefined, cap: number) {
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ value: count() }).from(matches);
  return row?.value ?? 0;
}
