import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { DomainError, badRequest } from '../../lib/errors.ts';
import { periodicJobPlugin } from '../../lib/periodic-job.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { createIdempotencyRepository } from './repository.ts';

/** How long a key keeps its answer: a retry comes within minutes, a day is plenty. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** What a client may send as a key: a UUID fits, and so does any other short token. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** What a request answers: its status, its body, and what to do once its transaction has committed. */
export interface IdempotentAnswer {
  statusCode: number;
  body: unknown;
  afterCommit?: () => Promise<void>;
}

/** JSON with object keys sorted, so that one body always has one fingerprint. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * What a key is bound to: the operation (method and route), its target (the route's parameters, e.g.
 * which quote) and the body. The user is the key's own column. The same key sent for another quote or
 * another operation is refused, never answered with the first one's result (decision 0157).
 */
const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${canonical(request.params ?? null)}\n${canonical(request.body ?? null)}`,
    )
    .digest('hex');

/** For a route's schema: documents the header in OpenAPI (the check is keyOf's, with its message). */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('One per submit, reused on retry: a retry gets the first answer (24 h), not a second change'),
});

/** The request's `Idempotency-Key`, checked; undefined when it sent none. */
function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, say).', {
      'Idempotency-Key': 'is not valid',
    });
  }
  return key;
}

/**
 * Takes the key for this transaction, or answers what it answered before. The INSERT makes a
 * concurrent duplicate wait on the key's unique index until the first transaction ends: then it finds
 * the stored answer (committed) or takes the key itself (rolled back: nothing happened). An expired
 * key is taken over.
 */
async function claim(
  tx: Executor,
  entry: { userId: string; key: string; fingerprint: string },
): Promise<{ statusCode: number; body: unknown } | undefined> {
  const repository = createIdempotencyRepository(tx);
  if (await repository.take(entry, new Date(Date.now() + IDEMPOTENCY_KEY_TTL_MS))) return undefined;
  const stored = await repository.find(entry.userId, entry.key);
  if (!stored) throw new Error('idempotency key neither taken nor stored');
  if (stored.fingerprint !== entry.fingerprint) {
    throw new DomainError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for another request (another operation, target or body), so it cannot be used for this one. Send a new key with each new request.',
    );
  }
  return { statusCode: stored.statusCode, body: stored.responseBody };
}

/**
 * Runs a signed-in user's change once per `Idempotency-Key` (docs/decisions/0121): `work` runs in one
 * transaction with the key, and its answer is stored there. A retry with the same key and body gets the
 * first answer (with `Idempotent-Replayed: true`), even when that answer was lost on its way or is still
 * being made (the retry waits for it); the same key with another body gets 422. Without the header,
 * `work` simply runs. `work` must do its change through `tx` only: its effects outside the database go in
 * `afterCommit`, which runs for the first answer only.
 */
export async function withIdempotency(
  deps: { db: Database },
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Executor) => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  const key = keyOf(request);
  const entry = key && { userId: currentUser(request).id, key, fingerprint: fingerprintOf(request) };
  const result = await deps.db.transaction(async (tx) => {
    const replay = entry ? await claim(tx, entry) : undefined;
    if (replay) return { replay };
    const answer = await work(tx);
    if (entry) {
      await createIdempotencyRepository(tx).storeAnswer(
        entry.userId,
        entry.key,
        answer.statusCode,
        answer.body,
      );
    }
    return { answer };
  });
  if (result.replay) {
    return reply
      .code(result.replay.statusCode)
      .header('idempotent-replayed', 'true')
      .send(result.replay.body);
  }
  await result.answer.afterCommit?.();
  return reply.code(result.answer.statusCode).send(result.answer.body);
}

/** Deletes expired keys; answers how many. */
export async function purgeExpiredKeys(db: Database): Promise<number> {
  return createIdempotencyRepository(db).purgeExpired();
}

/** Purges expired keys every hour, on the job queue (docs/decisions/0242). */
export const idempotencyPlugin = periodicJobPlugin('idempotency-purge', 3_600_000, (app) =>
  purgeExpiredKeys(app.db),
);
