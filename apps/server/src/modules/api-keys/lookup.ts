import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { createApiKeysRepository } from './repository.ts';

// The auth plugin's side of API keys, apart from the routes and the service (which reach the companies
// module, and through it the plugin itself): finding a key by its secret, and noting its use.

/** The hash a secret is kept and found by. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** The key of a secret and whom it acts for, while it may be used (repository.findUsable). */
export const usableKey = (db: Executor, secret: string) =>
  createApiKeysRepository(db).findUsable(hashSecret(secret));

/** Notes that a key was used, once it passed its checks: a refused request changes nothing. */
export const noteKeyUse = (db: Executor, id: string) => createApiKeysRepository(db).touch(id);
