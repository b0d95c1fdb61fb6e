import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETURN_WINDOW_DAYS } from '@forgeline/shared/returns';
import type { TaxSeller } from '@forgeline/shared/tax';
import type { BankAccount } from '@forgeline/shared/schemas/bank-transfer';
import { SINGLE_LINE } from '@forgeline/shared/schemas/common';
import { ImageUrlSchema } from '@forgeline/shared/schemas/product';

/**
 * The environment, parsed once (docs/architecture.md §6). Everything is optional: the defaults serve the whole site
 * on an embedded database. A mistake stops the start with one clear line per variable.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    )
    .optional();

/** A bank detail printed on invoices and in mails: one line, no control character (docs/decisions/0151). */
const bankText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be blank', abort: true })
    .max(max, { error: `must be ${max} characters or fewer`, abort: true })
    .regex(SINGLE_LINE, 'must be one line, without line breaks or control characters');

/** An account number, IBAN, BIC or routing number: letters, digits, spaces and dashes only. */
const bankCode = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be blank', abort: true })
    .max(max, { error: `must be ${max} characters or fewer`, abort: true })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, `must be ${what}: letters, digits, spaces and dashes on one line`);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(3000),
  /** This machine only, unless told otherwise: the demo accounts' passwords are in the README. */
  HOST: z.string().default('127.0.0.1'),
  /** 'true' only behind a proxy that sets X-Forwarded-For: otherwise any client could pick its own address. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  WEB_DIST: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Forgeline <no-reply@forgeline.local>'),
  /** How often each instance sends what is due in the mail outbox (retries, mails left by a crash). */
  MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Whether this instance works the job queue (docs/decisions/0242): 'on' by default, 'off' under
   * NODE_ENV=test, where tests call the jobs themselves (a test of the queue sets it 'on').
   */
  JOBS: z.enum(['on', 'off']).optional(),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_BUCKET: z.string().optional(),
  /** Parts' documents (decision 0233) in a bucket of their own, never public; else S3_BUCKET's 'documents/'. */
  S3_DOCUMENTS_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** The bucket's base URL as browsers see it (a CDN, say); derived from the endpoint or region when unset. */
  S3_PUBLIC_URL: optionalUrl(['http:', 'https:']),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API origin (stripe-mock, or a fake in tests); Stripe's own when unset. */
  STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
  PAYMENTS: z.enum(['test', 'stripe']).optional(),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  /**
   * How long an unpaid card order holds its stock while the buyer pays (docs/decisions/0156); orders on
   * approved payment terms hold theirs until the invoice is paid.
   */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** Card checkouts a buyer may let lapse unpaid in 24 hours before card orders pause for them. */
  LAPSED_ORDERS_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  /** Days after a line's last shipment during which its buyer may ask to return pieces (decision 0240). */
  RETURN_WINDOW_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0)
    .max(3650)
    .default(DEFAULT_RETURN_WINDOW_DAYS),
  /** Demo products, reviews and accounts on a new install: 'true' by default, 'false' in production. */
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** The whole request (headers and body) must arrive within this; a trickled body is cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Webhook endpoints on private, loopback or link-local addresses are refused unless 'true' (decision 0262). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** A webhook delivery that has not answered in this time counts as failed and is retried. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Seconds between a failed delivery and its retries; past the last, the endpoint is paused (0261). */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of seconds, e.g. 5,300,1800')
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((value) => value.split(',').map(Number)),
  /** How often the job queue sends what is due to webhook endpoints. */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(1_000),
  /** SIGTERM: requests under way get this long, then every connection is closed and the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** The seller printed on invoices and credit notes. */
  SELLER_NAME: z.string().trim().min(1).max(200).default('Forgeline Manufacturing'),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).default('Forgeline Works, 1 Foundry Road, Springfield'),
  SELLER_EMAIL: z.email('must be an email address').default('accounts@forgeline.local'),
  SELLER_TAX_ID: z.string().trim().max(100).optional(),
  /**
   * Where the seller is registered for tax (docs/decisions/0219): an ISO 3166 country code, and a region
   * (a US state) when its rates differ by region. Not set: no tax is charged. A development start with
   * neither set, with the demo data, is the demo seller in Illinois (DEMO_TAX_SELLER).
   */
  SELLER_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166), e.g. DE or US')
    .optional(),
  SELLER_REGION: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be a region code of 1 to 3 letters or digits, e.g. IL')
    .optional(),
  /**
   * The account invoices on terms are paid into (docs/decisions/0205). Demo values outside production when
   * none is set; in production, none set means buyers are told to ask SELLER_EMAIL for it.
   */
  SELLER_BANK_ACCOUNT: bankCode('an IBAN or account number', 42).optional(),
  SELLER_BANK_ACCOUNT_HOLDER: bankText(200).optional(),
  SELLER_BANK_NAME: bankText(200).optional(),
  SELLER_BANK_ROUTING: bankCode('a BIC (SWIFT code) or routing number', 34).optional(),
});

/** Settings that only make sense together: the second is required when the first is set. */
const REQUIRED_TOGETHER: [string, string][] = [
  ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['S3_BUCKET', 'S3_ACCESS_KEY_ID'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ['S3_PUBLIC_URL', 'S3_BUCKET'],
  ['S3_DOCUMENTS_BUCKET', 'S3_BUCKET'],
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['PAYMENTS=stripe', 'STRIPE_SECRET_KEY'],
  ['SELLER_REGION', 'SELLER_COUNTRY'],
  ['SELLER_BANK_ACCOUNT_HOLDER', 'SELLER_BANK_ACCOUNT'],
  ['SELLER_BANK_NAME', 'SELLER_BANK_ACCOUNT'],
  ['SELLER_BANK_ROUTING', 'SELLER_BANK_ACCOUNT'],
];

function missingCompanions(source: Record<string, string>): string[] {
  const isSet = (name: string) => {
    const [key, value] = name.split('=') as [string, string | undefined];
    return value === undefined ? source[key] !== undefined : source[key] === value;
  };
  return REQUIRED_TOGETHER.filter(([a, b]) => isSet(a) && !isSet(b)).map(
    ([a, b]) => `${b} is required when ${a} is set`,
  );
}

export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO_DATA'> & {
  SEED_DEMO_DATA: 'true' | 'false';
  dataDir: string;
  publicUrl: string;
  /** Where browsers load photos from the S3 bucket (no trailing slash); undefined for the local folder. */
  s3PublicUrl: string | undefined;
  /** Where invoices on terms are paid (SELLER_BANK_*, or the demo account outside production); null: not set. */
  bankAccount: BankAccount | null;
  /** Where the seller charges tax from (SELLER_COUNTRY/REGION, or the demo's); null: no tax. */
  taxSeller: TaxSeller | null;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses an environment object (process.env by default); tests pass their own. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means 'not set', as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const result = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(result.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) ?? []),
    ...missingCompanions(cleaned),
  ];
  const s3PublicUrl = result.data && bucketPublicUrl(result.data);
  // Stored photo URLs must pass ImageUrlSchema, or the products using them could not be saved again.
  if (s3PublicUrl && !ImageUrlSchema.safeParse(`${s3PublicUrl}/photo.webp`).success)
    problems.push(
      `S3_PUBLIC_URL must be an https:// URL (http:// only on localhost or 127.0.0.1): ${s3PublicUrl} is not`,
    );
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const env = result.data;
  return {
    ...env,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? (env.NODE_ENV === 'production' ? 'false' : 'true'),
    JOBS: env.JOBS ?? (env.NODE_ENV === 'test' ? 'off' : 'on'),
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    s3PublicUrl,
    bankAccount: bankAccountOf(env),
    taxSeller: taxSellerOf(env),
  };
}

/** The demo shop's seller: registered in Illinois, whose rates the demo data sets. */
export const DEMO_TAX_SELLER: TaxSeller = { country: 'US', region: 'IL' };

function taxSellerOf(env: z.infer<typeof EnvSchema>): TaxSeller | null {
  if (env.SELLER_COUNTRY) return { country: env.SELLER_COUNTRY, region: env.SELLER_REGION ?? null };
  return env.NODE_ENV === 'development' && env.SEED_DEMO_DATA !== 'false' ? DEMO_TAX_SELLER : null;
}

/** A well-known example account (not a real one), so that a demo start shows where payments would go. */
export const DEMO_BANK_ACCOUNT = {
  SELLER_BANK_NAME: 'Demo Bank (example only: set SELLER_BANK_* before taking payments)',
  SELLER_BANK_ACCOUNT: 'GB33 BUKB 2020 1555 5555 55',
  SELLER_BANK_ROUTING: 'BUKBGB22',
} as const;

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The configured account, labelled as what it is (an IBAN or not, a BIC or a routing number). */
function bankAccountOf(env: z.infer<typeof EnvSchema>): BankAccount | null {
  const source =
    env.SELLER_BANK_ACCOUNT === undefined && env.NODE_ENV !== 'production' ? DEMO_BANK_ACCOUNT : env;
  if (source.SELLER_BANK_ACCOUNT === undefined) return null;
  const compact = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
  const routing = source.SELLER_BANK_ROUTING ?? null;
  return {
    accountHolder: env.SELLER_BANK_ACCOUNT_HOLDER ?? env.SELLER_NAME,
    bankName: source.SELLER_BANK_NAME ?? null,
    accountLabel: IBAN.test(compact(source.SELLER_BANK_ACCOUNT)) ? 'IBAN' : 'Account number',
    account: source.SELLER_BANK_ACCOUNT,
    routingLabel: routing === null ? null : BIC.test(compact(routing)) ? 'BIC' : 'Routing number',
    routing,
  };
}

/** S3_PUBLIC_URL, else the endpoint's path-style URL of the bucket, else AWS's virtual-hosted one. */
function bucketPublicUrl(env: z.infer<typeof EnvSchema>): string | undefined {
  if (!env.S3_BUCKET) return undefined;
  const url =
    env.S3_PUBLIC_URL ??
    (env.S3_ENDPOINT
      ? `${env.S3_ENDPOINT.replace(/\/+$/, '')}/${env.S3_BUCKET}`
      : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`);
  return url.replace(/\/+$/, '');
}

/** Whether an address to listen on is reachable from this machine alone. */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
