import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderRequests, type OrderRequestRow } from '../../db/schema/index.ts';

/** Order requests waiting for (or past) an approver's decision. */
export function createRequestsRepository(db: Executor) {
  return {
    async insert(values: typeof orderRequests.$inferInsert): Promise<OrderRequestRow> {
      const [row] = await db.insert(orderRequests).values(values).returning();
      if (!row) throw new Error('the request insert returned no row');
      return row;
    },

    async list(companyId: string, options: { buyerId?: string; pendingOnly: boolean; limit: number }) {
      return db
        .select()
        .from(orderRequests)
        .where(
          and(
            eq(orderRequests.companyId, companyId),
            options.buyerId ? eq(orderRequests.buyerId, options.buyerId) : undefined,
            options.pendingOnly ? eq(orderRequests.status, 'pending') : undefined,
          ),
        )
        .orderBy(desc(orderRequests.createdAt))
        .limit(options.limit);
    },

    /** The company's request, locked until the transaction ends: two approvers decide one after the other. */
    async lock(companyId: string, id: string): Promise<OrderRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(orderRequests)
        .where(and(eq(orderRequests.companyId, companyId), eq(orderRequests.id, id)))
        .for('update');
      return row;
    },

    async update(id: string, values: Partial<typeof orderRequests.$inferInsert>): Promise<OrderRequestRow> {
      const [row] = await db.update(orderRequests).set(values).where(eq(orderRequests.id, id)).returning();
      if (!row) throw new Error('the request update returned no row');
      return row;
    },
  };
}
