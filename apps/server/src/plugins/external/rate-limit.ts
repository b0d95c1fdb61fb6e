import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { BetterAuthOptions } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
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
    /** The same counters for our own limits (the write limits of plugins/app/write-limits.ts). */
    limitCounter: Counter;
  }
}

/**
 * How long a rate-limit check waits for Redis. Redis answers in a millisecond or two; past this it is
 * away or hung, and the request is counted in this process instead (docs/decisions/0122).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** After a failed Redis command, checks count in memory this long before Redis is tried again. */
const REDIS_RETRY_AFTER_MS = 5_000;

/** A fixed-window hit counter: counts one hit on `key` and answers the count and the window's ms left. */
export interface Counter {
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** One fixed window per key: INCR, and the expiry set by the first hit; answers [count, ms left]. */
const CONSUME_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Fixed-window counters in this process's memory, pruned as they expire. */
function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let current = windows.get(key);
      if (!current || current.resetAt <= now) {
        current = { count: 0, resetAt: now + windowMs };
        windows.set(key, current);
      }
      current.count += 1;
      return { count: current.count, ttlMs: current.resetAt - now };
    },
  };
}

/**
 * Counters in Redis, shared by every instance, while Redis answers; in this process's memory while it
 * does not (an accelerator, not a single point of failure). A check never waits for a Redis that is
 * away (no offline queue: a command fails at once) or hung (REDIS_COMMAND_TIMEOUT_MS), and after a
 * failure the next checks skip it for REDIS_RETRY_AFTER_MS rather than each wait out the timeout. The
 * switch is logged once each way.
 */
function sharedCounter(redis: Redis, log: FastifyBaseLogger): Counter {
  const local = memoryCounter();
  let down = false;
  let retryAt = 0;
  const markDown = (error: unknown) => {
    retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis unavailable: rate limits now count in each instance on its own until it is back',
    );
  };
  const markUp = () => {
    retryAt = 0;
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are shared between instances again');
  };
  redis.on('error', markDown);
  redis.on('ready', markUp);
  return {
    async hit(key, windowMs) {
      if (redis.status !== 'ready' || Date.now() < retryAt) return local.hit(key, windowMs);
      try {
        const [count, ttlMs] = (await redis.eval(CONSUME_SCRIPT, 1, key, windowMs)) as [number, number];
        markUp();
        return { count, ttlMs };
      } catch (error) {
        markDown(error);
        return local.hit(key, windowMs);
      }
    },
  };
}

/** @fastify/rate-limit's store over a Counter: one key space per route, as its own Redis store does. */
function fastifyStore(counter: Counter): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'forgeline-rl-') {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: Math.max(ttlMs, 0) }),
        (error: Error) => callback(error),
      );
    }
    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // A route's limit counts apart from other routes'; app.rateLimit() (no route) keys its own way.
      const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new CounterStore(route?.url ? `${this.prefix}${route.method}${route.url}-` : this.prefix);
    }
  }
  return CounterStore as unknown as FastifyRateLimitStoreCtor;
}

/** Better Auth's storage over a Counter. */
const betterAuthStore = (counter: Counter): BetterAuthRateLimitStorage => ({
  async consume(key, rule) {
    const { count, ttlMs } = await counter.hit(`forgeline-ba-rl-${key}`, rule.window * 1000);
    const allowed = count <= rule.max;
    return { allowed, retryAfter: allowed ? null : Math.max(1, Math.ceil(ttlMs / 1000)) };
  },
});

/**
 * Rate limits are declared per route (`config.rateLimit`); none applies globally. With REDIS_URL the
 * counters live in Redis, shared by every instance (and in memory while Redis is away); otherwise in
 * this process's memory. Better Auth's own limiter (the second wall on the identity routes) counts in
 * the same place.
 */
export const rateLimitPlugin = fp(
  async (app, options: { redisCommandTimeoutMs?: number } = {}) => {
    let counter: Counter;
    if (app.config.REDIS_URL) {
      const redis = new Redis(app.config.REDIS_URL, {
        connectTimeout: 2_000,
        commandTimeout: options.redisCommandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        // Keep reconnecting, at most every 2 s: limits are shared again as soon as Redis is back.
        retryStrategy: (times) => Math.min(times * 200, 2_000),
      });
      counter = sharedCounter(redis, app.log);
      app.decorate('redisReady', async () => {
        if (redis.status !== 'ready') return false;
        return redis.ping().then(
          (answer) => answer === 'PONG',
          () => false,
        );
      });
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    } else {
      counter = memoryCounter();
      if (app.config.NODE_ENV === 'production') {
        app.log.warn(
          'REDIS_URL is not set: rate limits count in each instance on its own (with several instances, set REDIS_URL to share them)',
        );
      }
    }
    await app.register(rateLimit, { global: false, store: fastifyStore(counter) });
    app.decorate('authRateLimitStore', betterAuthStore(counter));
    app.decorate('limitCounter', counter);
  },
  { name: 'rate-limit' },
);
