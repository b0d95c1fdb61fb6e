import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInPastOurLimit } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';

// Two instances behind a load balancer must share their counters, or each would allow the limit
// separately. Runs where a Redis is given (CI sets TEST_REDIS_URL; see .ci/run).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp({ env: { REDIS_URL: redisUrl! } });
    second = await buildTestApp({ env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts sign-in attempts across instances', async () => {
    // A fresh address per run, so that counters left in Redis by an earlier run don't count.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: app.config.publicUrl },
        remoteAddress: address,
        payload: { email: 'nobody@example.com', password: `guess-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("counts Better Auth's own limit (the second wall) in the same Redis, across instances", async () => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(await signInPastOurLimit(i % 2 === 0 ? first.app : second.app, address, `guess-${i}`));
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

// Redis is an accelerator, not a single point of failure: with a REDIS_URL where nothing
// answers, limits still hold, counted in the process, at normal speed; readiness reports it, the log says
// it once. (The fault suite stops and pauses a real redis-server under a running instance.)
describe('rate limits while Redis is away', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const stream = { write: (line: string) => void lines.push(line) };
    t = await buildTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${port}` },
      logger: { level: 'info', stream },
    });
  });
  afterAll(() => t.close());

  it('counts in the process without waiting, reports redis down, and logs it once', async () => {
    const address = '10.99.0.1';
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.app.config.publicUrl },
        remoteAddress: address,
        payload: { email: 'nobody@example.com', password: `guess-${i}` },
      });
      statuses.push(res.statusCode);
    }
    const elapsed = Date.now() - started;
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Had each sign-in waited for Redis, 12 of them would take 12 connect timeouts (2 s each, the
    // plugin's): they take half of that at most, password hashing on a busy machine included.
    expect(elapsed).toBeLessThan((12 * 2_000) / 2);

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', redis: 'down' });
    expect(lines.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
  });
});
