import { anyCause } from './error-chain.ts';

/**
 * Errors that mean 'the database is away' (down, restarting, failing over, paused, unreachable), not
 * 'this request is wrong'. They answer 503 with Retry-After: the same request will work once it is back.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator or a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '40001', // serialization_failure: a retry will do
  '40P01', // deadlock_detected: a retry will do
]);

const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /not queryable/i,
  /Client was closed/i,
  /Cannot use a pool after calling end/i,
  /terminating connection/i,
];

/** Failures to reach the database server (a client hanging up on us is ECONNRESET: not one of these). */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** True when the error, or any error it wraps (Drizzle wraps the driver's), says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, ({ code, message }) => {
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (typeof code === 'string' && UNAVAILABLE_NODE_CODES.has(code)) return true;
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}
