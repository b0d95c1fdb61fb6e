import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, companyInvitations, type CompanyInvitationRow } from '../../db/schema/index.ts';

const open = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

/** Invitations to join a company: found by the hash of their link's token, used once. */
export function createInvitationsRepository(db: Executor) {
  return {
    async listOpen(companyId: string): Promise<CompanyInvitationRow[]> {
      return db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), open))
        .orderBy(desc(companyInvitations.createdAt));
    },

    async findOpen(companyId: string, id: string): Promise<CompanyInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id), open))
        .for('update');
      return row;
    },

    /** The open invitation of a token's hash, with its company's name; locked when `lock`. */
    async byTokenHash(tokenHash: string, lock = false) {
      const query = db
        .select({ invitation: companyInvitations, companyName: companies.name })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(and(eq(companyInvitations.tokenHash, tokenHash), open));
      const [row] = await (lock ? query.for('update', { of: companyInvitations }) : query);
      return row;
    },

    /** A new invitation; undefined when this address already has an open one for the company. */
    async insert(values: typeof companyInvitations.$inferInsert): Promise<CompanyInvitationRow | undefined> {
      const [row] = await db.insert(companyInvitations).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(
      id: string,
      values: Partial<typeof companyInvitations.$inferInsert>,
    ): Promise<CompanyInvitationRow | undefined> {
      const [row] = await db
        .update(companyInvitations)
        .set(values)
        .where(and(eq(companyInvitations.id, id), open))
        .returning();
      return row;
    },
  };
}
