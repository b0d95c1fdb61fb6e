import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { UserSearchQuery } from '@forgeline/shared/schemas/user-search';
import type { UserInfoBody, UserSummary } from '@forgeline/shared/schemas/user';
import type { Executor } from '../../db/client.ts';
import { userProfiles, userSearchText, users, type UserRow } from '../../db/schema/index.ts';
import { containsPattern, keysetPage, type Page } from '../../db/keyset.ts';

export const toUserSummary = (row: UserRow): UserSummary => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role === 'admin' ? 'admin' : null,
  createdAt: row.createdAt.toISOString(),
});

export function createUsersRepository(db: Executor) {
  const byEmail = (executor: Executor, email: string) =>
    executor
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));

  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await byEmail(db, email);
      return row;
    },

    async list(): Promise<UserSummary[]> {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
      return rows.map(toUserSummary);
    },

    /** One page of Make Admin, newest first, searched by e-mail or name anywhere. */
    async listPage(query: UserSearchQuery & { limit: number }): Promise<Page<UserSummary>> {
      const where = query.search ? ilike(userSearchText, containsPattern(query.search)) : undefined;
      return keysetPage(db, { table: users, at: users.createdAt, id: users.id, where }, query, toUserSummary);
    },

    /** Makes sure the profile row exists; answers whether it had to be created. */
    async ensureProfile(userId: string): Promise<boolean> {
      const inserted = await db.insert(userProfiles).values({ userId }).onConflictDoNothing().returning();
      return inserted.length > 0;
    },

    async profile(userId: string) {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return {
        phone: row?.phone ?? null,
        address: row?.address ?? null,
        profession: row?.profession ?? null,
      };
    },

    /** Answers 1 when something changed, 0 when the profile already said exactly that. */
    async updateProfile(userId: string, body: UserInfoBody): Promise<number> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(userProfiles)
          .where(eq(userProfiles.userId, userId))
          .for('update');
        if (
          current &&
          current.phone === body.phone &&
          current.address === body.address &&
          current.profession === body.profession
        ) {
          return 0;
        }
        await tx
          .insert(userProfiles)
          .values({ userId, ...body, updatedAt: new Date() })
          .onConflictDoUpdate({ target: userProfiles.userId, set: { ...body, updatedAt: new Date() } });
        return 1;
      });
    },

    /** The user made admin (undefined when unknown); `changed` is false when they already were one. */
    async makeAdmin(email: string): Promise<{ user: UserRow; changed: boolean } | undefined> {
      const [row] = await byEmail(db, email).for('update');
      if (!row) return undefined;
      if (row.role === 'admin') return { user: row, changed: false };
      await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, row.id));
      return { user: row, changed: true };
    },

    /**
     * Deletes a user; their sessions go with them (foreign key), which ends every token at once. The
     * last admin is never deleted, checked under a lock so that two admins deleting each other can't
     * both win: answers the deleted row, 'missing', or 'lastAdmin' (nothing deleted).
     */
    async delete(userId: string): Promise<UserRow | 'missing' | 'lastAdmin'> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .for('update');
        const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!target) return 'missing';
        if (target.role === 'admin' && admins.filter((a) => a.id !== userId).length === 0) {
          return 'lastAdmin';
        }
        const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning();
        return deleted ?? 'missing';
      });
    },

    /** Every admin's e-mail address (the low-stock alert goes to each). */
    async adminEmails(): Promise<string[]> {
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
      return rows.map((row) => row.email);
    },

    async countAdmins(exceptUserId?: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), exceptUserId ? ne(users.id, exceptUserId) : undefined));
      return row?.total ?? 0;
    },
  };
}
