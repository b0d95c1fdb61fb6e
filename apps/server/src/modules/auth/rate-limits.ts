/**
 * Requests per window and client address for the identity routes that guess at or create accounts.
 * Both walls read this one table: our Fastify limit in front of the bridge, and Better Auth's own
 * limiter behind it (the same store: Redis when REDIS_URL is set), both on the same canonical path.
 * Paths are relative to /api/auth, in Better Auth's notation (`*` is one path segment).
 */
export const AUTH_RATE_LIMITS = [
  { paths: ['/sign-in/*'], max: 10, windowS: 60 },
  { paths: ['/sign-up/*'], max: 10, windowS: 10 * 60 },
  // The routes that make us send a mail (a reset link, a confirmation link): one budget between them.
  {
    paths: ['/request-password-reset', '/forget-password', '/forget-password/*', '/send-verification-email'],
    max: 5,
    windowS: 15 * 60,
  },
  { paths: ['/reset-password', '/reset-password/*'], max: 20, windowS: 15 * 60 },
] as const;

/**
 * The routes that mail an address someone typed (a reset link, a confirmation link, a sign-up's link):
 * besides the budget per client address above, one budget per mailed address, so that many client
 * addresses together cannot flood one inbox. Counted alike whether an account has the address or not.
 */
export const AUTH_MAIL_PER_ADDRESS = {
  paths: [
    '/sign-up/email',
    '/request-password-reset',
    '/forget-password',
    '/send-verification-email',
  ] as readonly string[],
  // Refused attempts count too (a too-common password): room for a person's retries.
  max: 10,
  windowS: 15 * 60,
} as const;

/** Every other identity route: a wall for scripts only. */
export const AUTH_DEFAULT_RATE_LIMIT = { max: 300, windowS: 60 } as const;

export type AuthRateLimit = { paths: readonly string[]; max: number; windowS: number };

const matches = (pattern: string, path: string) =>
  pattern.endsWith('/*')
    ? path.startsWith(pattern.slice(0, -1)) && !path.slice(pattern.length - 1).includes('/')
    : path === pattern;

/** The limit of a path under /api/auth (e.g. `/sign-in/email`), or undefined for the default. */
export const authRateLimitFor = (path: string): AuthRateLimit | undefined =>
  AUTH_RATE_LIMITS.find((limit) => limit.paths.some((pattern) => matches(pattern, path)));

/** The same table in Better Auth's `rateLimit.customRules` shape (windows in seconds). */
export const betterAuthRateLimitRules = () =>
  Object.fromEntries(
    AUTH_RATE_LIMITS.flatMap((limit) =>
      limit.paths.map((path) => [path, { window: limit.windowS, max: limit.max }] as const),
    ),
  );
