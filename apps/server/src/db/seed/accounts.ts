import { eq, inArray, sql } from 'drizzle-orm';
import { endEverySession } from '../../modules/auth/repository.ts';
import type { Auth } from '../../plugins/app/auth.ts';
import { isLoopbackHost } from '../../config/env.ts';
import type { Database } from '../client.ts';
import {
  companies,
  companyAddresses,
  companyMembers,
  customerPartNumbers,
  products,
  userProfiles,
  users,
} from '../schema/index.ts';
import { seedDemoPricing } from './pricing.ts';

/** The demo accounts of a new installation with demo data (README lists them too). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', name: 'Forgeline Admin', email: 'admin@forgeline.dev', password: 'forgeline-admin' },
  // A customer buying as a person, and the people of one customer company (docs/decisions/0213).
  {
    role: null,
    name: 'Demo Customer',
    email: 'customer@forgeline.dev',
    password: 'forgeline-customer',
    company: null,
  },
  {
    role: null,
    name: 'Morgan Manager',
    email: 'manager@forgeline.dev',
    password: 'forgeline-manager',
    company: 'admin',
  },
  {
    role: null,
    name: 'Avery Approver',
    email: 'approver@forgeline.dev',
    password: 'forgeline-approver',
    company: 'approver',
  },
  {
    role: null,
    name: 'Bailey Buyer',
    email: 'buyer@forgeline.dev',
    password: 'forgeline-buyer',
    company: 'buyer',
  },
  {
    role: null,
    name: 'Finley Finance',
    email: 'finance@forgeline.dev',
    password: 'forgeline-finance',
    company: 'finance',
  },
] as const;

/** The demo customer company: net 30 on a $25,000 credit line; the buyer may order $2,000 at a time. */
const DEMO_COMPANY = {
  name: 'Demo Industries Inc.',
  billingAddress: '18 Foundry Lane, Joliet, IL',
  termsDays: 30,
  creditLimitCents: 2_500_000,
  buyerOrderLimitCents: 200_000,
};

/** The demo company's own numbers for a few demo parts, as its ERP writes them (docs/decisions/0218). */
const DEMO_PART_NUMBERS: Record<string, string> = {
  'FL-BLT-M12-50': 'DI-100-2231',
  'FL-BRG-6204': 'DI-BRG 6204-2RS',
  'FL-VLV-BV1-1000': 'DI-VALVE/1IN',
};

/** Gives the demo company its own part numbers for the demo parts that exist, once. */
async function ensureDemoPartNumbers(db: Database, companyId: string) {
  const parts = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, Object.keys(DEMO_PART_NUMBERS)));
  if (parts.length === 0) return;
  await db
    .insert(customerPartNumbers)
    .values(
      parts.map((part) => ({ companyId, productId: part.id, partNumber: DEMO_PART_NUMBERS[part.sku]! })),
    )
    .onConflictDoNothing();
}

const findUser = async (db: Database, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0];

/** Creates the account if needed (through Better Auth, so the password is hashed its way). */
/**
 * The account of `account.email`, created confirmed when missing: the operator (ADMIN_EMAIL) or the demo
 * (a made-up domain) vouches for the address, so it gets no confirmation mail (a link nobody should follow:
 * the first mail an operator had from a new shop was "A Forgeline account was opened with this address").
 * Made through Better Auth's own adapter and password hasher, so its user hooks run as on sign-up.
 */
async function ensureAccount(
  db: Database,
  auth: Auth,
  account: { name: string; email: string; password: string },
) {
  const existing = await findUser(db, account.email);
  if (existing) return existing;
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { name: account.name, email: account.email.toLowerCase(), emailVerified: true },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(account.password),
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

/** What ensureConfiguredAdmin did, for the start-up log. */
export type ConfiguredAdminOutcome = 'created' | 'unchanged' | 'password-set';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that account is created if missing and made an admin, at every start.
 * The operator's configuration is the truth about that account (docs/decisions/0130): if it exists
 * with another password (someone signed up with the address first, or the password was changed since),
 * it gets ADMIN_PASSWORD, every session (and so every access token) and every reset link of it ends,
 * and only then does it become an admin. Nobody keeps an admin account with a password they chose.
 */
export async function ensureConfiguredAdmin(
  db: Database,
  auth: Auth,
  email: string,
  password: string,
): Promise<ConfiguredAdminOutcome> {
  const existing = await findUser(db, email);
  if (!existing) {
    await ensureAccount(db, auth, { name: 'Administrator', email, password });
    await promoteToAdmin(db, email);
    return 'created';
  }
  const ctx = await auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(existing.id);
  const matches =
    credential?.password !== undefined &&
    credential.password !== null &&
    (await ctx.password.verify({ hash: credential.password, password }));
  if (!matches) {
    const hash = await ctx.password.hash(password);
    if (credential) await ctx.internalAdapter.updatePassword(existing.id, hash);
    else
      await ctx.internalAdapter.createAccount({
        userId: existing.id,
        providerId: 'credential',
        accountId: existing.id,
        password: hash,
      });
    await endEverySession(db, existing.id);
  }
  // The operator vouches for the address.
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
  await promoteToAdmin(db, email);
  return matches ? 'unchanged' : 'password-set';
}

/** The demo company with its two delivery sites, made once. */
async function ensureDemoCompany(db: Database) {
  const [existing] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name));
  if (existing) return existing;
  const [company] = await db
    .insert(companies)
    .values({
      name: DEMO_COMPANY.name,
      billingAddress: DEMO_COMPANY.billingAddress,
      // Taxed in Illinois, where the demo seller is (decision 0231).
      country: 'US',
      region: 'IL',
      termsDays: DEMO_COMPANY.termsDays,
      creditLimitCents: DEMO_COMPANY.creditLimitCents,
    })
    .returning();
  if (!company) throw new Error('could not create the demo company');
  await db.insert(companyAddresses).values([
    {
      companyId: company.id,
      label: 'Main plant',
      contact: 'Receiving dock',
      phone: '+1 555 0142',
      address: DEMO_COMPANY.billingAddress,
    },
    {
      companyId: company.id,
      label: 'Ohio warehouse',
      contact: 'Sam Stores',
      phone: '+1 555 0177',
      address: '400 Canal St, Akron, OH',
    },
  ]);
  return company;
}

/** The demo admin and customer, for a new installation that has demo data and no configured admin. */
export async function seedDemoAccounts(db: Database, auth: Auth): Promise<void> {
  const company = await ensureDemoCompany(db);
  await seedDemoPricing(db, company.id);
  await ensureDemoPartNumbers(db, company.id);
  for (const account of DEMO_ACCOUNTS) {
    const user = await ensureAccount(db, auth, account);
    // Ours, on a made-up domain: confirmed (also when made by an older version), so the demo shows the
    // order and quote mails (0131).
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    if (account.role === 'admin') await promoteToAdmin(db, account.email);
    else {
      if (account.company)
        await db
          .insert(companyMembers)
          .values({
            userId: user.id,
            companyId: company.id,
            role: account.company,
            orderLimitCents: account.company === 'buyer' ? DEMO_COMPANY.buyerOrderLimitCents : null,
          })
          .onConflictDoNothing();
      await db
        .insert(userProfiles)
        .values({
          userId: user.id,
          phone: '+1 555 0142',
          address: '18 Foundry Lane, Joliet, IL',
          profession: 'Purchasing Agent',
        })
        .onConflictDoNothing();
    }
  }
}

export async function demoAccountsExist(db: Database): Promise<boolean> {
  return (await findUser(db, DEMO_ACCOUNTS[0].email)) !== undefined;
}

/** The ban reason the demo accounts carry while switched off: what their sign-in answers. */
export const DEMO_OFF_REASON =
  'Demo accounts work only while nobody but this machine can reach the server (see the start log).';
/** The reason of earlier versions, still recognised so that such accounts can be switched on again. */
const LEGACY_DEMO_OFF_REASON =
  'Demo accounts work only while the server listens on this machine alone (HOST=127.0.0.1).';

/** What decides whether this start may offer the demo accounts (a subset of the parsed Env). */
export interface DemoConditions {
  NODE_ENV: string;
  HOST: string;
  TRUST_PROXY: 'true' | 'false';
  publicUrl: string;
}

/**
 * Why the demo accounts (published passwords) must be off for this start, or null when nobody but this
 * machine can reach the server: not in production, not behind a proxy that brings other machines' requests,
 * not announced at a public address, not listening beyond loopback.
 */
export function demoAccountsOffReason(env: DemoConditions): string | null {
  if (env.NODE_ENV === 'production') return 'NODE_ENV=production';
  if (env.TRUST_PROXY === 'true') return 'behind a trusted proxy (TRUST_PROXY=true)';
  if (!isLoopbackUrl(env.publicUrl)) return 'PUBLIC_URL is not on this machine';
  if (!isLoopbackHost(env.HOST)) return `HOST=${env.HOST} lets other machines in`;
  return null;
}

function isLoopbackUrl(url: string): boolean {
  try {
    // URL keeps IPv6 in brackets: [::1].
    return isLoopbackHost(new URL(url).hostname.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return false;
  }
}

/**
 * The demo accounts' passwords are published: they work only while the server is reachable from this
 * machine alone (demoAccountsOffReason). Otherwise they are switched off (Better Auth's ban, which refuses
 * every sign-in, with a reason that says why) and their sessions end; when the conditions hold again,
 * they work again. Runs at every start, whatever else is configured: a data folder from an earlier
 * demo start must not keep working accounts once the server is exposed.
 */
export async function setDemoAccountsUsable(db: Database, usable: boolean): Promise<void> {
  const demo = await db
    .select({ id: users.id, banReason: users.banReason })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  for (const user of demo) {
    if (usable) {
      if (user.banReason === DEMO_OFF_REASON || user.banReason === LEGACY_DEMO_OFF_REASON)
        await db.update(users).set({ banned: false, banReason: null }).where(eq(users.id, user.id));
    } else {
      await db.update(users).set({ banned: true, banReason: DEMO_OFF_REASON }).where(eq(users.id, user.id));
      await endEverySession(db, user.id);
    }
  }
}
