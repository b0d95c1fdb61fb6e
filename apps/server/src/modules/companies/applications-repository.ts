import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companyApplications, type CompanyApplicationRow } from '../../db/schema/index.ts';

/** Applications for business accounts: one pending per person (a partial unique index says so). */
export function createApplicationsRepository(db: Executor) {
  return {
    async latestOf(userId: string): Promise<CompanyApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(companyApplications)
        .where(eq(companyApplications.userId, userId))
        .orderBy(desc(companyApplications.createdAt))
        .limit(1);
      return row;
    },

    /** A new pending application; undefined when the person has one waiting already. */
    async insert(
      values: typeof companyApplications.$inferInsert,
    ): Promise<CompanyApplicationRow | undefined> {
      const [row] = await db.insert(companyApplications).values(values).onConflictDoNothing().returning();
      return row;
    },

    async list(options: { pendingOnly: boolean; companyId?: string | undefined; limit: number }) {
      return db
        .select()
        .from(companyApplications)
        .where(
          and(
            options.pendingOnly ? eq(companyApplications.status, 'pending') : undefined,
            options.companyId ? eq(companyApplications.companyId, options.companyId) : undefined,
          ),
        )
        .orderBy(desc(companyApplications.createdAt))
        .limit(options.limit);
    },

    async lock(id: string): Promise<CompanyApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(companyApplications)
        .where(eq(companyApplications.id, id))
        .for('update');
      return row;
    },

    async decide(
      id: string,
      values: Partial<typeof companyApplications.$inferInsert>,
    ): Promise<CompanyApplicationRow | undefined> {
      const [row] = await db
        .update(companyApplications)
        .set({ ...values, decidedAt: new Date() })
        .where(eq(companyApplications.id, id))
        .returning();
      return row;
    },
  };
}
