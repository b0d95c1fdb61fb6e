import type { Executor } from '../db/client.ts';
import type { AppDeps } from './deps.ts';

/**
 * Runs a write that changes what the product pages show (parts, prices, stock) in one transaction,
 * then drops the cached pages once it has committed.
 */
export async function writeCatalogue<T>(
  deps: Pick<AppDeps, 'db' | 'catalogueCache'>,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(work);
  deps.catalogueCache.invalidate();
  return result;
}
