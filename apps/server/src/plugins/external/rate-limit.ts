import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Rate limits are declared per route (`config.rateLimit`); none applies globally. With REDIS_URL the
 * counters live in Redis, shared by every instance; otherwise in this process's memory.
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
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'rate-limit' },
);
