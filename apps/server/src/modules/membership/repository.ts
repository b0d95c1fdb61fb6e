import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  companyMembers,
  orders,
  type CompanyMemberRow,
  type CompanyRow,
} from '../../db/schema/index.ts';

/** A person's place in their company, with the company's row. */
export type Membership = CompanyMemberRow & { company: CompanyRow };

/** The first instant of the current calendar month, in UTC (the monthly limit's period). */
export const monthStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Membership reads every module may use: which company a person belongs to, and in what role. */
export function createMembershipRepository(db: Executor) {
  return {
    async find(userId: string): Promise<Membership | undefined> {
      const [row] = await db
        .select({ member: companyMembers, company: companies })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, userId));
      return row && { ...row.member, company: row.company };
    },

    /**
     * The same, with the member's row locked until the transaction ends: a buyer's checkouts are counted
     * against their monthly limit one after the other, and a role or limit changed meanwhile waits.
     */
    async lock(userId: string): Promise<Membership | undefined> {
      const [member] = await db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.userId, userId))
        .for('update');
      if (!member) return undefined;
      const [company] = await db.select().from(companies).where(eq(companies.id, member.companyId));
      return company && { ...member, company };
    },

    /** What each member ordered this calendar month (UTC), cancelled lines aside, in cents by user id. */
    async spentThisMonth(companyId: string, now = new Date()): Promise<Map<string, number>> {
      const rows = await db
        .select({ userId: orders.userId, cents: sql<string>`sum(${orders.totalCents})` })
        .from(orders)
        .where(
          and(
            eq(orders.companyId, companyId),
            ne(orders.status, 'cancelled'),
            gte(orders.createdAt, monthStart(now)),
          ),
        )
        .groupBy(orders.userId);
      return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, Number(row.cents)]] : [])));
    },
  };
}
