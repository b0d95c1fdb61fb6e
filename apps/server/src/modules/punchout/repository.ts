import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import {
  punchoutCredentials,
  punchoutDocuments,
  punchoutOrders,
  punchoutSessions,
  sessions,
  users,
  type PunchoutCredentialsRow,
  type PunchoutSessionRow,
} from '../../db/schema/index.ts';

export type NewDocument = typeof punchoutDocuments.$inferInsert;
export type NewSession = typeof punchoutSessions.$inferInsert;
export type CredentialsWithBuyer = PunchoutCredentialsRow & {
  buyer: { id: string; name: string; email: string };
};

const credentialsWithBuyer = (db: Executor) =>
  db
    .select({
      credentials: punchoutCredentials,
      buyer: { id: users.id, name: users.name, email: users.email },
    })
    .from(punchoutCredentials)
    .innerJoin(users, eq(users.id, punchoutCredentials.actingUserId));

const joined = (
  row: { credentials: PunchoutCredentialsRow; buyer: CredentialsWithBuyer['buyer'] } | undefined,
) => row && { ...row.credentials, buyer: row.buyer };

/** The punchout tables: credentials, visits, the documents' trail and the orders taken. */
export function createPunchoutRepository(db: Executor) {
  return {
    async credentials(companyId: string): Promise<CredentialsWithBuyer | undefined> {
      const [row] = await credentialsWithBuyer(db).where(eq(punchoutCredentials.companyId, companyId));
      return joined(row);
    },

    /** The company whose cXML credential is one of `pairs` (domain lower case, identity as sent). */
    async byCxmlCredential(
      pairs: readonly { domain: string; identity: string }[],
    ): Promise<CredentialsWithBuyer | undefined> {
      if (pairs.length === 0) return undefined;
      const [row] = await credentialsWithBuyer(db)
        .where(
          or(
            ...pairs.map((p) =>
              and(
                eq(punchoutCredentials.cxmlDomain, p.domain),
                eq(punchoutCredentials.cxmlIdentity, p.identity),
              ),
            ),
          ),
        )
        .limit(1);
      return joined(row);
    },

    async byOciUsername(username: string): Promise<CredentialsWithBuyer | undefined> {
      const [row] = await credentialsWithBuyer(db).where(eq(punchoutCredentials.ociUsername, username));
      return joined(row);
    },

    async saveCredentials(row: typeof punchoutCredentials.$inferInsert): Promise<void> {
      const { companyId: _id, ...set } = row;
      await db
        .insert(punchoutCredentials)
        .values(row)
        .onConflictDoUpdate({ target: punchoutCredentials.companyId, set });
    },

    /** Whether another company holds this cXML identity or OCI user name. */
    async takenElsewhere(
      companyId: string,
      cxml: { domain: string; identity: string } | null,
      ociUsername: string | null,
    ): Promise<'cxml' | 'oci' | undefined> {
      const others = await db
        .select({
          cxmlDomain: punchoutCredentials.cxmlDomain,
          cxmlIdentity: punchoutCredentials.cxmlIdentity,
          ociUsername: punchoutCredentials.ociUsername,
        })
        .from(punchoutCredentials)
        .where(
          and(
            sql`${punchoutCredentials.companyId} <> ${companyId}`,
            or(
              cxml
                ? and(
                    eq(punchoutCredentials.cxmlDomain, cxml.domain),
                    eq(punchoutCredentials.cxmlIdentity, cxml.identity),
                  )
                : sql`false`,
              ociUsername ? eq(punchoutCredentials.ociUsername, ociUsername) : sql`false`,
            ),
          ),
        );
      if (others.some((o) => cxml && o.cxmlIdentity === cxml.identity && o.cxmlDomain === cxml.domain))
        return 'cxml';
      return others.length > 0 ? 'oci' : undefined;
    },

    async insertSession(row: NewSession): Promise<PunchoutSessionRow> {
      const [inserted] = await db.insert(punchoutSessions).values(row).returning();
      return inserted!;
    },

    /** Takes a start token once, while it is fresh: the second use, or a late one, finds nothing. */
    async takeStartToken(tokenHash: string): Promise<PunchoutSessionRow | undefined> {
      const [row] = await db
        .update(punchoutSessions)
        .set({ startedAt: new Date() })
        .where(
          and(
            eq(punchoutSessions.startTokenHash, tokenHash),
            isNull(punchoutSessions.startedAt),
            gt(punchoutSessions.startExpiresAt, new Date()),
          ),
        )
        .returning();
      return row;
    },

    async linkAuthSession(id: string, authSessionId: string): Promise<void> {
      await db.update(punchoutSessions).set({ authSessionId }).where(eq(punchoutSessions.id, id));
    },

    /** The visit of a signed-in session, while it has not been transferred. */
    async openSessionOf(authSessionId: string): Promise<PunchoutSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(punchoutSessions)
        .where(
          and(eq(punchoutSessions.authSessionId, authSessionId), isNull(punchoutSessions.transferredAt)),
        );
      return row;
    },

    /** Ends the visit once (a second transfer finds nothing) and signs its session out. */
    async endSession(id: string, authSessionId: string): Promise<boolean> {
      const ended = await db
        .update(punchoutSessions)
        .set({ transferredAt: new Date() })
        .where(and(eq(punchoutSessions.id, id), isNull(punchoutSessions.transferredAt)))
        .returning({ id: punchoutSessions.id });
      if (ended.length === 0) return false;
      await db.delete(sessions).where(eq(sessions.id, authSessionId));
      return true;
    },

    async recordDocument(row: NewDocument): Promise<void> {
      await db.insert(punchoutDocuments).values(row);
    },

    async documents(companyId: string, limit: number) {
      return db
        .select()
        .from(punchoutDocuments)
        .where(eq(punchoutDocuments.companyId, companyId))
        .orderBy(...newestFirst(punchoutDocuments.createdAt, punchoutDocuments.id))
        .limit(limit);
    },

    /**
     * Claims an order id for the company: true for the first claim. A second claim made at the same
     * time waits on the first's row and, once that commits, finds it taken.
     */
    async claimOrder(companyId: string, orderRef: string, payloadId: string): Promise<boolean> {
      const rows = await db
        .insert(punchoutOrders)
        .values({ companyId, orderRef, payloadId })
        .onConflictDoNothing()
        .returning({ orderRef: punchoutOrders.orderRef });
      return rows.length > 0;
    },

    async setOrderCheckout(companyId: string, orderRef: string, checkoutId: string): Promise<void> {
      await db
        .update(punchoutOrders)
        .set({ checkoutId })
        .where(and(eq(punchoutOrders.companyId, companyId), eq(punchoutOrders.orderRef, orderRef)));
    },

    async order(companyId: string, orderRef: string) {
      const [row] = await db
        .select()
        .from(punchoutOrders)
        .where(and(eq(punchoutOrders.companyId, companyId), eq(punchoutOrders.orderRef, orderRef)));
      return row;
    },
  };
}

/** A person by e-mail address, for naming the acting member. */
export async function userByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row;
}
