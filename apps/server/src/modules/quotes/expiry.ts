import type { FastifyInstance } from 'fastify';
import { periodicJobPlugin } from '../../lib/periodic-job.ts';
import { expireQuotes } from './service.ts';

/** How often each server closes offers past their expiry. */
export const QUOTE_EXPIRY_INTERVAL_MS = 10 * 60_000;

/** Closes lapsed offers and tells each buyer once (the UPDATE … RETURNING claims each quote once, with its mail). */
export async function closeLapsedQuotes(app: FastifyInstance, now = new Date()): Promise<number> {
  const closed = await expireQuotes(app, now);
  if (closed.length > 0)
    app.log.info({ quotes: closed.map((q) => q.number) }, `closed ${closed.length} lapsed quote offer(s)`);
  return closed.length;
}

/** Runs the quote expiry every few minutes, except under NODE_ENV=test (tests call it themselves). */
export const quoteExpiryPlugin = periodicJobPlugin(
  'quote-expiry',
  QUOTE_EXPIRY_INTERVAL_MS,
  closeLapsedQuotes,
);
