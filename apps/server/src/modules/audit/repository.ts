import { and, eq, gte, ilike, lt } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@forgeline/shared';
import type { Executor } from '../../db/client.ts';
import { auditLog, type AuditRow, type NewAuditRow } from '../../db/schema/index.ts';
import { countUpTo, TOTAL_COUNT_CAP } from '../../db/count.ts';
import {
  afterKeyset,
  containsPattern,
  decodeCursor,
  encodeCursor,
  keysetAt,
  newestFirst,
  type Page,
} from '../../db/keyset.ts';

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actorEmail: row.actorEmail,
  action: row.action as AuditEntry['action'],
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  subjectLabel: row.subjectLabel,
  before: row.before ?? null,
  after: row.after ?? null,
});

/** The day after `day` (YYYY-MM-DD), as the exclusive end of a range of whole days. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export function createAuditRepository(db: Executor) {
  return {
    async insert(entry: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    /** One page, newest first, filtered as the query says. */
    async page(query: AuditQuery & { limit: number }): Promise<Page<AuditEntry>> {
      const where = and(
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.actor ? ilike(auditLog.actorEmail, containsPattern(query.actor)) : undefined,
        query.search ? ilike(auditLog.subjectLabel, containsPattern(query.search)) : undefined,
        query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
        query.to ? lt(auditLog.at, nextDay(query.to)) : undefined,
      );
      const keyset = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const [rows, total] = await Promise.all([
        db
          .select({ entry: auditLog, position: keysetAt(auditLog.at) })
          .from(auditLog)
          .where(and(where, keyset && afterKeyset(auditLog.at, auditLog.id, keyset)))
          .orderBy(...newestFirst(auditLog.at, auditLog.id))
          .limit(query.limit + 1)
          .offset(keyset ? 0 : ((query.page ?? 1) - 1) * query.limit),
        countUpTo(db, auditLog, where, TOTAL_COUNT_CAP),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        rows: page.map((row) => toAuditEntry(row.entry)),
        total: Math.min(total, TOTAL_COUNT_CAP),
        capped: total > TOTAL_COUNT_CAP,
        nextCursor:
          rows.length > query.limit && last ? encodeCursor({ at: last.position, id: last.entry.id }) : null,
      };
    },
  };
}
