import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { rateLimitPlugin } from '../src/plugins/external/rate-limit.ts';
import {
  isWriteLimit,
  WRITE_LIMITS,
  writeLimitKeys,
  writeLimitsPlugin,
  type WriteLimit,
} from '../src/plugins/app/write-limits.ts';
import { handleError } from '../src/lib/errors.ts';
import { AUTH_MAIL_PER_ADDRESS } from '../src/modules/auth/rate-limits.ts';
import { createUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const runId = Math.random().toString(36).slice(2, 8);
let ipCounter = 0;
const hex = (digits: number) =>
  Math.floor(Math.random() * 16 ** digits)
    .toString(16)
    .padStart(digits, '0');
const runPrefix = `fd${hex(2)}:${hex(4)}:${hex(4)}`;
/**
 * A fresh client address per call, unique across runs too: Redis keeps counters between runs, and
 * CI runs this file twice at once against one Redis. 40 random bits per run (an IPv4 address left
 * 8, so two runs met on one address); the counter sits in the /64, for limiters that group by it.
 */
const nextIp = () => `${runPrefix}:${(ipCounter += 1).toString(16)}::1`;
let userCounter = 0;
const nextUser = () => `user-${runId}-${(userCounter += 1)}`;

/**
 * The write-limits plugin on the real store (memory, or Redis when given), with every route of the
 * table stubbed at its own method and path, and a caller named by the x-test-user header.
 */
async function tableApp(env: Record<string, string> = {}) {
  const app = Fastify({ logger: false });
  app.decorate('config', parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }));
  app.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));
  // The walk checks what is counted, not a hung Redis (the fault tests do): a worker starved of CPU
  // beside CI's other runs can read an answer after the 250 ms of production, and would count in memory.
  await app.register(rateLimitPlugin, { redisCommandTimeoutMs: 10_000 });
  await app.register(
    fp(
      async (inner) => {
        inner.decorateRequest('user', null);
        inner.decorate('resolveUser', async (request: FastifyRequest) => {
          const id = request.headers['x-test-user'];
          return typeof id === 'string' ? ({ id } as never) : null;
        });
      },
      { name: 'auth' },
    ),
  );
  await app.register(writeLimitsPlugin);
  for (const key of Object.keys(WRITE_LIMITS)) {
    const [method, url] = key.split(' ') as [string, string];
    app.route({ method: method as 'POST', url, handler: async () => ({ ok: true }) });
  }
  await app.ready();
  // Counts go to Redis once it is connected (before that, to this instance's memory).
  if (env.REDIS_URL)
    while (!(await app.redisReady!())) await new Promise((resolve) => setTimeout(resolve, 20));
  return app;
}

const urlOf = (key: string) => key.split(' ')[1]!.replaceAll(':id', 'x1').replaceAll(/:\w+/g, 'x2');
const call = (app: FastifyInstance, key: string, ip: string, user?: string) =>
  app.inject({
    method: key.split(' ')[0] as 'POST',
    url: urlOf(key),
    remoteAddress: ip,
    headers: user ? { 'x-test-user': user } : {},
  });

const limited = Object.entries(WRITE_LIMITS).filter((entry): entry is [string, WriteLimit] =>
  isWriteLimit(entry[1]),
);

/** Walks the table: per account (one user, a new address each time) and per address (one address, a new user each time). */
function walkTheTable(name: string, env: () => Record<string, string> | undefined) {
  describe(name, () => {
    let app: FastifyInstance;
    let second: FastifyInstance;
    beforeAll(async () => {
      app = await tableApp(env());
      // With Redis a second instance, sharing the counts; in memory the one instance twice.
      second = env()?.REDIS_URL ? await tableApp(env()) : app;
    });
    afterAll(async () => {
      await app.close();
      if (second !== app) await second.close();
    });

    /** Counts `n` requests straight into the store: the large limits would take minutes to reach by HTTP. */
    const prefill = async (counterKey: string, n: number, limit: WriteLimit) => {
      for (let i = 0; i < n; i += 1) await app.limitCounter.hit(counterKey, limit.windowS * 1000);
    };

    it.each(limited)('%s: per account, whichever address it comes from', async (key, limit) => {
      const user = nextUser();
      await prefill(writeLimitKeys(key, limit).account(user), limit.perAccount - 2, limit);
      // The last two allowed, from two new addresses (and, with Redis, two instances); then refused.
      expect((await call(app, key, nextIp(), user)).statusCode).toBe(200);
      expect((await call(second, key, nextIp(), user)).statusCode).toBe(200);
      const refused = await call(app, key, nextIp(), user);
      expect(refused.statusCode).toBe(429);
      const body = refused.json<{ code: string; message: string }>();
      expect(body.code).toBe('RATE_LIMITED');
      expect(body.message).toMatch(
        new RegExp(`^Too many ${limit.what} in a short time\\. Please try again in `),
      );
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(limit.windowS);
      // Another account is not affected.
      expect((await call(app, key, nextIp(), nextUser())).statusCode).toBe(200);
    });

    it.each(limited)('%s: per address, whichever account (or visitor) sends it', async (key, limit) => {
      const ip = nextIp();
      await prefill(writeLimitKeys(key, limit).address(ip), limit.perAddress - 3, limit);
      // Two accounts and a visitor from one address (and, with Redis, two instances); then refused.
      expect((await call(app, key, ip, nextUser())).statusCode).toBe(200);
      expect((await call(second, key, ip, nextUser())).statusCode).toBe(200);
      expect((await call(app, key, ip)).statusCode).toBe(200);
      const refused = await call(second, key, ip, nextUser());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(app, key, nextIp(), nextUser())).statusCode).toBe(200);
    });

    it.each(limited.filter(([, limit]) => limit.perAccount <= 60))(
      '%s: reached by HTTP alone, one account from many addresses',
      async (key, limit) => {
        const user = nextUser();
        for (let i = 0; i < limit.perAccount; i += 1)
          expect((await call(i % 2 ? second : app, key, nextIp(), user)).statusCode).toBe(200);
        expect((await call(app, key, nextIp(), user)).statusCode).toBe(429);
      },
    );

    it('routes of one budget share one count', async () => {
      const budgets = new Map<string, string[]>();
      for (const [key, limit] of limited)
        if (limit.budget) budgets.set(limit.budget, [...(budgets.get(limit.budget) ?? []), key]);
      for (const keys of budgets.values()) {
        if (keys.length < 2) continue;
        const limit = WRITE_LIMITS[keys[0]!] as WriteLimit;
        const user = nextUser();
        await prefill(writeLimitKeys(keys[0]!, limit).account(user), limit.perAccount - keys.length, limit);
        // One request on each route of the budget uses it up.
        for (const key of keys) expect((await call(app, key, nextIp(), user)).statusCode, key).toBe(200);
        for (const key of keys) expect((await call(app, key, nextIp(), user)).statusCode, key).toBe(429);
      }
    });
  });
}

walkTheTable('write limits, counted in memory', () => undefined);
describe.runIf(redisUrl)('through Redis, shared by two instances', () => {
  walkTheTable('write limits, counted in Redis', () => ({ REDIS_URL: redisUrl! }));
});

describe('every state-changing route has its entry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the table names only routes that exist (the app started, so none is missing)', () => {
    for (const key of Object.keys(WRITE_LIMITS)) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'POST', url }), key).toBe(true);
    }
  });

  it('a route missing from the table stops the server at start-up', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    await app.register(rateLimitPlugin);
    await app.register(
      fp(
        async (inner) => {
          inner.decorate('resolveUser', async () => null);
        },
        { name: 'auth' },
      ),
    );
    await app.register(writeLimitsPlugin);
    await expect(
      app.register(async (routes) => {
        routes.post('/api/new-form', async () => ({}));
      }),
    ).rejects.toThrow('POST /api/new-form changes state but has no entry in WRITE_LIMITS');
    await app.close().catch(() => undefined);
  });

  it('the real routes count per account across addresses: a signed-in caller of the contact form', async () => {
    const user = await createUser(t.app);
    const limit = WRITE_LIMITS['POST /api/contact'] as WriteLimit;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: user.headers,
        remoteAddress: nextIp(),
        payload: { name: 'Ada', email: 'ada@example.com', message: 'Do you stock M8 bolts?' },
      });
    for (let i = 0; i < limit.perAccount; i += 1) expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many messages in a short time/);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('the identity routes that mail an address count per mailed address too, known or not', async () => {
    const known = (await createUser(t.app)).email;
    for (const email of [known, `nobody-${runId}@buyer.example`]) {
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { origin: t.app.config.publicUrl },
          remoteAddress: nextIp(),
          payload: { email, redirectTo: '/resetPass' },
        });
      for (let i = 0; i < AUTH_MAIL_PER_ADDRESS.max; i += 1) expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^We have sent enough mail to this address for now/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
