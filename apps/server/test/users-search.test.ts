import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserSummary } from '@forgeline/shared/schemas/user';
import type { TestApp } from './helper.ts';
import { buildAppWithCast, type Cast } from './support/cast.ts';

let t: TestApp;
let cast: Cast;

beforeAll(async () => ({ t, cast } = await buildAppWithCast()));
afterAll(() => t.close());

const get = (url: string, role: 'admin' | 'customerA' = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: cast.headersOf(role) });

describe('GET /api/users, paged', () => {
  it('keeps the spec form without limit, and pages and searches with it', async () => {
    const all = await get('/api/users');
    expect(all.json<UserSummary[]>()).toHaveLength(3);
    const res = await get(
      `/api/users?limit=1&search=${encodeURIComponent(cast.customerB.email.slice(2, 12))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserSummary[]>().map((user) => user.email)).toEqual([cast.customerB.email]);
    expect(res.headers['x-total-count']).toBe('1');

    const first = await get('/api/users?limit=2');
    const next = first.headers['x-next-cursor'];
    expect(typeof next).toBe('string');
    const second = await get(`/api/users?limit=2&cursor=${String(next)}`);
    const walked = [...first.json<UserSummary[]>(), ...second.json<UserSummary[]>()].map(
      (user) => user.email,
    );
    expect(walked.sort()).toEqual(
      all
        .json<UserSummary[]>()
        .map((user) => user.email)
        .sort(),
    );
    expect((await get('/api/users?limit=2&cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await get('/api/users?limit=2', 'customerA')).statusCode).toBe(403);
  });
});
