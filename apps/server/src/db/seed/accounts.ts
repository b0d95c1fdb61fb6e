import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../../plugins/app/auth.ts';
import type { Database } from '../client.ts';
import { userProfiles, users } from '../schema/index.ts';

/** The demo accounts of a new installation with demo data (README lists them too). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', name: 'Forgeline Admin', email: 'admin@forgeline.dev', password: 'forgeline-admin' },
  { role: null, name: 'Demo Customer', email: 'customer@forgeline.dev', password: 'forgeline-customer' },
] as const;

const findUser = async (db: Database, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0];

/** Creates the account if needed (through Better Auth, so the password is hashed its way). */
async function ensureAccount(
  db: Database,
  auth: Auth,
  account: { name: string; email: string; password: string },
) {
  const existing = await findUser(db, account.email);
  if (existing) return existing;
  await auth.api.signUpEmail({
    body: { name: account.name, email: account.email, password: account.password },
  });
  const created = await findUser(db, account.email);
  if (!created) throw new Error(`could not create the account ${account.email}`);
  return created;
}

/** Makes an existing user an admin; answers false when there is no such user. */
export async function promoteToAdmin(db: Database, email: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: that account is created if missing and made an admin, at every start. */
export async function ensureConfiguredAdmin(db: Database, auth: Auth, email: string, password: string) {
  await ensureAccount(db, auth, { name: 'Administrator', email, password });
  await promoteToAdmin(db, email);
}

/** The demo admin and customer, for a new installation that has demo data and no configured admin. */
export async function seedDemoAccounts(db: Database, auth: Auth): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const user = await ensureAccount(db, auth, account);
    if (account.role === 'admin') await promoteToAdmin(db, account.email);
    else {
      await db
        .insert(userProfiles)
        .values({
          userId: user.id,
          phone: '+1 555 0142',
          address: '18 Foundry Lane, Pittsburgh, PA',
          profession: 'Purchasing Agent',
        })
        .onConflictDoNothing();
    }
  }
}

export async function demoAccountsExist(db: Database): Promise<boolean> {
  return (await findUser(db, DEMO_ACCOUNTS[0].email)) !== undefined;
}
