import { addDays, startOfDay } from '@forgeline/shared/dates';
import { and, eq, gte, ilike, lt } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@forgeline/shared/schemas/audit';
import type { Executor } from '../../db/client.ts';
import { auditLog, type AuditRow, type NewAuditRow } from '../../db/schema/index.ts';
import { containsPattern, keysetPage, type Page } from '../../db/keyset.ts';

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
const nextDay = (day: string) => addDays(startOfDay(day), 1);

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
      return keysetPage(
        db,
        { table: auditLog, at: auditLog.at, id: auditLog.id, where },
        query,
        toAuditEntry,
      );
    },
  };
}
