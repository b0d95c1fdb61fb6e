import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  companyMembers,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
  type WebhookEndpointRow,
} from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';

const ownedBy = (companyId: string | null) =>
  companyId === null ? isNull(webhookEndpoints.companyId) : eq(webhookEndpoints.companyId, companyId);

/** The last attempt of a delivery, for its row in the list. */
const lastAttempt = sql<{
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
  at: string;
} | null>`(select row_to_json(a) from (select status_code, duration_ms, error, response_excerpt, at from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id} order by ${webhookAttempts.at} desc, ${webhookAttempts.attempt} desc limit 1) a)`;

export function createWebhooksRepository(db: Executor) {
  return {
    async listEndpoints(companyId: string | null) {
      // Spelled out: in a one-table select drizzle leaves columns unqualified, which the subquery would misread.
      const waiting = sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.status = 'pending')`;
      return db
        .select({ endpoint: webhookEndpoints, waiting })
        .from(webhookEndpoints)
        .where(ownedBy(companyId))
        .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id));
    },

    async findEndpoint(id: string, companyId: string | null) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), ownedBy(companyId)));
      return row;
    },

    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async updateEndpoint(id: string, companyId: string | null, values: Partial<WebhookEndpointRow>) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(webhookEndpoints.id, id), ownedBy(companyId)))
        .returning();
      return row;
    },

    async deleteEndpoint(id: string, companyId: string | null) {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), ownedBy(companyId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The endpoints an event reaches: the shop's, and the company's own when it concerns one. */
    async subscribers(type: string, companyId: string | null) {
      return db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            sql`${type} = any(${webhookEndpoints.eventTypes})`,
            companyId === null
              ? isNull(webhookEndpoints.companyId)
              : sql`(${webhookEndpoints.companyId} is null or ${webhookEndpoints.companyId} = ${companyId})`,
          ),
        );
    },

    async insertMessage(values: typeof webhookMessages.$inferInsert) {
      const [row] = await db.insert(webhookMessages).values(values).returning();
      return row!;
    },

    async insertDeliveries(messageId: string, seq: number, endpointIds: string[]) {
      if (endpointIds.length === 0) return;
      await db
        .insert(webhookDeliveries)
        .values(endpointIds.map((endpointId) => ({ endpointId, messageId, seq })))
        .onConflictDoNothing();
    },

    /** Active endpoints whose first pending delivery is due: each is worked on its own, in order. */
    async dueEndpoints(now: Date): Promise<string[]> {
      const rows = await db
        .select({ endpointId: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookEndpoints.status, 'active'),
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
            // Only an endpoint's first pending delivery counts: a later one waits for it.
            sql`${webhookDeliveries.seq} = (select min(p.seq) from ${webhookDeliveries} p where p.endpoint_id = ${webhookDeliveries.endpointId} and p.status = 'pending')`,
          ),
        )
        .limit(100);
      return rows.map((row) => row.endpointId);
    },

    /** The endpoint's first pending delivery, with its message, if it is due. */
    async headDelivery(endpointId: string, now: Date) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, message: webhookMessages, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
        .orderBy(asc(webhookDeliveries.seq))
        .limit(1);
      if (!row || row.endpoint.status !== 'active' || row.delivery.nextAttemptAt > now) return undefined;
      return row;
    },

    async findDelivery(endpointId: string, messageId: string) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, message: webhookMessages })
        .from(webhookDeliveries)
        .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.messageId, messageId)));
      return row;
    },

    async recordAttempt(values: typeof webhookAttempts.$inferInsert) {
      await db.insert(webhookAttempts).values(values);
    },

    async updateDelivery(id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
      await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
    },

    /** Resuming: what waited is due now, in its order. */
    async rearm(endpointId: string) {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    },

    async deliveries(endpointId: string, page: number, limit: number) {
      const [items, [total]] = await Promise.all([
        db
          .select({ delivery: webhookDeliveries, type: webhookMessages.type, last: lastAttempt })
          .from(webhookDeliveries)
          .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
          .where(eq(webhookDeliveries.endpointId, endpointId))
          .orderBy(desc(webhookDeliveries.seq))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Who hears that an endpoint was paused: the shop's admins, or the company's admins. */
    async noticeRecipients(companyId: string | null): Promise<string[]> {
      const rows =
        companyId === null
          ? await db
              .select({ email: users.email })
              .from(users)
              .where(and(eq(users.role, 'admin'), sql`${users.banned} is not true`))
          : await db
              .select({ email: users.email })
              .from(companyMembers)
              .innerJoin(users, eq(users.id, companyMembers.userId))
              .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
      return rows.map((row) => row.email);
    },
  };
}
