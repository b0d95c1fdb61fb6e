import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, companyMembers, users, type ApiKeyRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { columnsOf } from '../../db/columns.ts';

/** A key with the person it acts for, as its list shows it. */
export type ApiKeyListRow = ApiKeyRow & { creator: { id: string; name: string; email: string } };

export function createApiKeysRepository(db: Executor) {
  return {
    /** The shop's keys (company null) or one company's, newest first, revoked ones included. */
    async list(companyId: string | null): Promise<ApiKeyListRow[]> {
      const rows = await db
        .select({ key: apiKeys, creator: { id: users.id, name: users.name, email: users.email } })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(companyId === null ? isNull(apiKeys.companyId) : eq(apiKeys.companyId, companyId))
        .orderBy(...newestFirst(apiKeys.createdAt, apiKeys.id));
      return rows.map(({ key, creator }) => ({ ...key, creator }));
    },

    async insert(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      return row!;
    },

    /** Revokes a live key of the owner (shop: company null); answers it, or undefined when there is none. */
    async revoke(id: string, companyId: string | null, by: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()`, revokedBy: by })
        .where(
          and(
            eq(apiKeys.id, id),
            companyId === null ? isNull(apiKeys.companyId) : eq(apiKeys.companyId, companyId),
            isNull(apiKeys.revokedAt),
          ),
        )
        .returning();
      return row;
    },

    async find(id: string, companyId: string | null): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.id, id),
            companyId === null ? isNull(apiKeys.companyId) : eq(apiKeys.companyId, companyId),
          ),
        );
      return row;
    },

    /**
     * The live key of a secret's hash with the person it acts for, while that person may still make such
     * a key: an admin of the shop for a shop key, an admin of its company for a company key. A revoked
     * key, a banned person, or one who lost that role: nothing.
     */
    async findUsable(secretHash: string) {
      const [row] = await db
        .select({
          ...columnsOf(apiKeys, ['id', 'companyId', 'scopes', 'lastUsedAt']),
          user: columnsOf(users, ['id', 'email', 'name', 'image', 'role']),
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .leftJoin(
          companyMembers,
          and(eq(companyMembers.userId, apiKeys.userId), eq(companyMembers.companyId, apiKeys.companyId)),
        )
        .where(
          and(
            eq(apiKeys.secretHash, secretHash),
            isNull(apiKeys.revokedAt),
            sql`${users.banned} is not true`,
            // Parenthesised whole: and() does not wrap a raw fragment, and a bare OR would match any key.
            sql`((${apiKeys.companyId} is null and ${users.role} = 'admin') or (${apiKeys.companyId} is not null and ${companyMembers.role} = 'admin'))`,
          ),
        );
      return row;
    },

    /** Notes a use; at most once a minute per key, so a busy key costs no write per request. */
    async touch(id: string): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, id),
            sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
          ),
        );
    },
  };
}
