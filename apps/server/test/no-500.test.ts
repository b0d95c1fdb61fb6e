import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNul } from '../src/lib/nul-characters.ts';
import { jsonDepthExceeds } from '../src/lib/json-depth.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, snapshot } from './support/data.ts';
import { listen, rawRequest, type RawResponse } from './support/raw-http.ts';

/**
 * No 500 from bad input. With the log at debug level (as an operator chasing a
 * problem would set it), Better Auth's log lines threw inside the bridge and turned its refusals into
 * 500s; a body nested 10,000 deep overflowed the stack of the recursive NUL check before anyone asked
 * who sent it. Over real HTTP, each refusal is a 4xx and nothing changes.
 */
let t: TestApp;
let port: number;
let customer: TestUser;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  t = await buildTestApp({ logger: { level: 'debug', stream } });
  customer = await createUser(t.app);
  await makeProduct(t.app);
  port = await listen(t.app);
}, 60_000);
afterAll(() => t.close());

async function expectRefusal(res: Promise<RawResponse>, what: string) {
  const before = await snapshot(t.app);
  const answer = await res;
  expect(answer.status, `${what} → ${answer.status} ${answer.body}`).toBeGreaterThanOrEqual(300);
  expect(answer.status, `${what} → ${answer.body}`).toBeLessThan(500);
  expect(await snapshot(t.app)).toEqual(before);
  return answer;
}

describe('the identity bridge at debug level', () => {
  const origin = () => t.app.config.publicUrl;

  it('a failed sign-in is a 401, and the log says so', async () => {
    const res = await expectRefusal(
      rawRequest(port, {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { origin: origin() },
        body: { email: customer.email, password: 'not-the-password' },
      }),
      'wrong password',
    );
    expect(res.status).toBe(401);
    expect(logLines.join('')).toContain('better-auth');
  });

  it.each([
    '/api/auth/verify-email?token=not-a-token',
    '/api/auth/verify-email',
    '/api/auth/callback/google?state=x&code=y',
    '/api/auth/callback/google?error=access_denied',
    '/api/auth/reset-password/not-a-token?callbackURL=%2FresetPass',
    '/api/auth/reset-password/not-a-token?callbackURL=https%3A%2F%2Fevil.example',
  ])('GET %s is refused or redirected, never a 500', async (path) => {
    await expectRefusal(rawRequest(port, { method: 'GET', path, headers: { origin: origin() } }), path);
  });
});

describe('deeply nested JSON', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it.each([
    ['POST', '/api/order', 'customer'],
    ['POST', '/api/review', 'customer'],
    ['POST', '/api/contact', 'visitor'],
    ['POST', '/api/newsletter', 'visitor'],
    ['POST', '/api/auth/sign-in/email', 'visitor'],
    ['PUT', '/api/userInfo?email=x', 'customer'],
  ])('%s %s (%s): 10,000 and 100,000 levels get a clear 400', async (method, path, who) => {
    for (const payload of [deep(10_000), deepObject(10_000), deep(100_000)]) {
      const before = await snapshot(t.app);
      const res = await rawRequest(port, {
        method,
        path,
        headers: {
          origin: t.app.config.publicUrl,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          ...(who === 'customer' ? customer.headers : {}),
        },
        rawBody: payload,
      });
      expect(res.status, `${path} → ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        'The request body nests too deeply (more than 32 levels).',
      );
      expect(await snapshot(t.app)).toEqual(before);
    }
  });

  it('checks walk without recursion', () => {
    let value: unknown = 'a\u0000b';
    for (let i = 0; i < 200_000; i++) value = i % 2 ? [value] : { k: value };
    expect(hasNul(value)).toBe(true);
    expect(hasNul(Array.from({ length: 500_000 }, () => 'x'))).toBe(false);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 32)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds(deep(33), 32)).toBe(true);
    expect(jsonDepthExceeds(deep(32), 32)).toBe(false);
  });
});
