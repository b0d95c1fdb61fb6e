import rateLimit from '@fastify/rate-limit';
import type { BetterAuthOptions } from 'better-auth';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Better Auth's `rateLimit.customStorage`: one atomic check-and-count per request. */
export type BetterAuthRateLimitStorage = NonNullable<
  NonNullable<BetterAuthOptions['rateLimit']>['customStorage']
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for Better Auth's own limiter: the same store as ours (Redis when configured). */
    authRateLimitStore: BetterAuthRateLimitStorage;
  }
}

/** One fixed window per key: INCR, and the expiry set by the first hit; answers [count, ms left]. */
const CONSUME_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Fixed-window counters in this process's memory, pruned as they expire. */
function memoryStore(): BetterAuthRateLimitStorage {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async consume(key, rule) {
      const now = Date.now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let current = windows.get(key);
      if (!current || current.resetAt <= now) {
        current = { count: 0, resetAt: now + rule.window * 1000 };
        windows.set(key, current);
      }
      current.count += 1;
      const allowed = current.count <= rule.max;
      return { allowed, retryAfter: allowed ? null : Math.ceil((current.resetAt - now) / 1000) };
    },
  };
}

function redisStore(redis: Redis, fallback: BetterAuthRateLimitStorage): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      try {
        const [count, ttl] = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          `forgeline-ba-rl-${key}`,
          rule.window * 1000,
        )) as [number, number];
        const allowed = count <= rule.max;
        return { allowed, retryAfter: allowed ? null : Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        // Redis away: this instance still counts on its own rather than letting everything through.
        return fallback.consume(key, rule);
      }
    },
  };
}

/**
 * Rate limits are declared per route (`config.rateLimit`); none applies globally. With REDIS_URL the
 * counters live in Redis, shared by every instance; otherwise in this process's memory. Better Auth's
 * own limiter (the second wall on the identity routes) counts in the same place.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    await app.register(rateLimit, {
      global: false,
      ...(redis && { redis, nameSpace: 'forgeline-rl-', skipOnError: true }),
    });
    app.decorate('authRateLimitStore', redis ? redisStore(redis, memoryStore()) : memoryStore());
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'rate-limit' },
);
