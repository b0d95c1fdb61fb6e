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
