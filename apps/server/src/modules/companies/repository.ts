import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import {
  companies,
  companyAddresses,
  companyMembers,
  companySearchText,
  orders,
  users,
  type CompanyAddressRow,
  type CompanyMemberRow,
  type CompanyRow,
} from '../../db/schema/index.ts';

/** A member with the person's name and e-mail. */
export type MemberRow = CompanyMemberRow & { name: string; email: string };

/** A line still owed: not paid and not cancelled (a cancelled line stays on record, decision 0195). */
const owing = and(eq(orders.paid, false), ne(orders.status, 'cancelled'));

/** Companies, their members and address book (docs/decisions/0213). */
export function createCompaniesRepository(db: Executor) {
  return {
    async find(id: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row;
    },

    /** Locks the company's row until the transaction ends: its credit line is counted one checkout at a time. */
    async lock(id: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('no key update');
      return row;
    },

    async insert(values: typeof companies.$inferInsert): Promise<CompanyRow> {
      const [row] = await db.insert(companies).values(values).returning();
      if (!row) throw new Error('the company insert returned no row');
      return row;
    },

    async update(
      id: string,
      values: Partial<typeof companies.$inferInsert>,
    ): Promise<CompanyRow | undefined> {
      const [row] = await db
        .update(companies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      return row;
    },

    /** One page of companies, newest first, searched by name or tax ID; with the total. */
    async page(options: { search?: string | undefined; limit: number; offset: number }) {
      const where = options.search ? sql`${companySearchText} ilike ${`%${options.search}%`}` : undefined;
      const memberCount = db
        .select({ n: count() })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companies.id));
      const [rows, [total]] = await Promise.all([
        db
          .select({ company: companies, memberCount: sql<number>`(${memberCount})::int` })
          .from(companies)
          .where(where)
          .orderBy(...newestFirst(companies.createdAt, companies.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(companies).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async members(companyId: string): Promise<MemberRow[]> {
      const rows = await db
        .select({ member: companyMembers, name: users.name, email: users.email })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(asc(companyMembers.joinedAt), asc(users.email));
      return rows.map((row) => ({ ...row.member, name: row.name, email: row.email }));
    },

    async member(companyId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select({ member: companyMembers, name: users.name, email: users.email })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
        .for('update', { of: companyMembers });
      return row && { ...row.member, name: row.name, email: row.email };
    },

    /** The company's admins, locked: the last one cannot leave or be demoted while another change runs. */
    async lockAdmins(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
        .orderBy(asc(companyMembers.userId))
        .for('update');
      return rows.map((row) => row.userId);
    },

    async addMember(values: typeof companyMembers.$inferInsert): Promise<CompanyMemberRow | undefined> {
      const [row] = await db.insert(companyMembers).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateMember(userId: string, values: Partial<typeof companyMembers.$inferInsert>): Promise<void> {
      await db.update(companyMembers).set(values).where(eq(companyMembers.userId, userId));
    },

    async removeMember(userId: string): Promise<void> {
      await db.delete(companyMembers).where(eq(companyMembers.userId, userId));
    },

    async userByEmail(email: string): Promise<{ id: string; name: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return row;
    },

    async user(
      id: string,
    ): Promise<{ id: string; name: string; email: string; role: string | null } | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** What the company's orders on terms still owe (cents), the lines of this transaction included. */
    async unpaidOnTermsCents(companyId: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<string>`coalesce(sum(${orders.grossCents}), 0)` })
        .from(orders)
        .where(and(eq(orders.companyId, companyId), owing, isNotNull(orders.dueAt)));
      return Number(row?.cents ?? 0);
    },

    /** What each member ordered this calendar month (cents, cancelled lines not counted), by user id. */
    async addresses(companyId: string): Promise<CompanyAddressRow[]> {
      return db
        .select()
        .from(companyAddresses)
        .where(eq(companyAddresses.companyId, companyId))
        .orderBy(asc(companyAddresses.label), asc(companyAddresses.createdAt));
    },

    async address(companyId: string, id: string): Promise<CompanyAddressRow | undefined> {
      const [row] = await db
        .select()
        .from(companyAddresses)
        .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)));
      return row;
    },

    async insertAddress(values: typeof companyAddresses.$inferInsert): Promise<CompanyAddressRow> {
      const [row] = await db.insert(companyAddresses).values(values).returning();
      if (!row) throw new Error('the address insert returned no row');
      return row;
    },

    async updateAddress(
      companyId: string,
      id: string,
      values: Partial<typeof companyAddresses.$inferInsert>,
    ): Promise<CompanyAddressRow | undefined> {
      const [row] = await db
        .update(companyAddresses)
        .set(values)
        .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)))
        .returning();
      return row;
    },

    async deleteAddress(companyId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(companyAddresses)
        .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)))
        .returning({ id: companyAddresses.id });
      return gone.length > 0;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
