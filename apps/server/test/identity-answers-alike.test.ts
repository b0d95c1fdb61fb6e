import { dictionary } from '@zxcvbn-ts/language-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../src/db/schema/index.ts';
import { createUser, sessionCookie } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let address = 0;
/** Each call from its own address: these tests compare answers, not the rate limits. */
const auth = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: t.app.config.publicUrl, ...headers },
    remoteAddress: `203.0.113.${++address % 250}`,
    payload,
  });

/** What an outsider can compare of an answer, values that are random by nature replaced by their shape. */
function shapeOf(res: Awaited<ReturnType<typeof auth>>) {
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shape);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
    if (typeof value === 'string')
      return /^\d{4}-\d\d-\d\dT/.test(value) ? 'date' : value.replace(/[A-Za-z0-9+/]/g, 'x');
    return value;
  };
  const cookies = [res.headers['set-cookie'] ?? []].flat().map((cookie) => {
    const [pair, ...attributes] = cookie.split('; ');
    const [name, value] = pair!.split('=');
    return { name, valueShape: shape(decodeURIComponent(value!)), attributes };
  });
  const headerNames = Object.keys(res.headers)
    .filter((name) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(name))
    .sort();
  // The address is the caller's own: everything else is compared.
  const body = res.json<{ user?: { email?: string } }>();
  if (body.user) delete body.user.email;
  return { status: res.statusCode, body: shape(body), cookies, headerNames };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs known and unknown requests in turn and answers their timings. */
async function timed(
  pairs: number,
  known: (i: number) => Promise<unknown>,
  unknown: (i: number) => Promise<unknown>,
) {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < pairs; i += 1) {
    for (const [which, run] of i % 2
      ? ([
          ['known', known],
          ['unknown', unknown],
        ] as const)
      : ([
          ['unknown', unknown],
          ['known', known],
        ] as const)) {
      const started = performance.now();
      await run(i);
      times[which].push(performance.now() - started);
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

/** Medians within half of each other, or within 40 ms (the hash dominates both; the machine is noisy). */
const expectAlikeInTime = ({ known, unknown }: { known: number; unknown: number }) => {
  const gap = Math.abs(known - unknown);
  expect(gap, `median known ${known.toFixed(0)} ms, unknown ${unknown.toFixed(0)} ms`).toBeLessThan(
    Math.max(40, 0.5 * Math.max(known, unknown)),
  );
};

describe('sign-up answers a known address as it answers a new one (record 0191)', () => {
  const variants = [{}, { rememberMe: false }, { rememberMe: true }, { callbackURL: '/shop' }];
  let known: string[] = [];
  beforeAll(async () => {
    known = await Promise.all(variants.map(async () => (await createUser(t.app)).email));
  });

  it.each(variants.map((extra, i) => [JSON.stringify(extra), extra, i] as const))(
    'the same status, body, headers and cookies, with %s',
    async (_label, extra, i) => {
      const name = `Pat Buyer ${i}`;
      const fresh = await auth('sign-up/email', {
        name,
        email: `new-${i}-${Date.now()}@buyer.example`,
        password: 'fresh-pw-12',
        ...extra,
      });
      const again = await auth('sign-up/email', {
        name,
        email: known[i],
        password: 'fresh-pw-12',
        ...extra,
      });
      expect(fresh.statusCode).toBe(200);
      expect(shapeOf(again)).toEqual(shapeOf(fresh));
      // Byte for byte the same length but for the address, and the fields in the same order.
      expect(again.body.length - known[i]!.length).toBe(fresh.body.length - fresh.json().user.email.length);
      expect(Object.keys(again.json().user)).toEqual(Object.keys(fresh.json().user));
      // The known address's cookie opens nothing: no session row has its token.
      const decoy = sessionCookie(again.headers['set-cookie']);
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: decoy },
      });
      expect(session.json()).toBeNull();
    },
  );

  it('takes about the same time', async () => {
    const owners = await Promise.all(Array.from({ length: 8 }, async () => (await createUser(t.app)).email));
    const body = (email: string) => ({ name: 'Pat Buyer', email, password: 'fresh-pw-12' });
    expectAlikeInTime(
      await timed(
        8,
        (i) => auth('sign-up/email', body(owners[i]!)),
        (i) => auth('sign-up/email', body(`timing-${i}-${Date.now()}@buyer.example`)),
      ),
    );
  }, 180_000);
});

describe('a reset request answers a known address as it answers an unknown one', () => {
  it('the same status, body, headers and cookies, in about the same time', async () => {
    const owner = await createUser(t.app);
    const request = (email: string) => auth('request-password-reset', { email, redirectTo: '/resetPass' });
    for (let i = 0; i < 3; i += 1)
      expect(shapeOf(await request(owner.email))).toEqual(
        shapeOf(await request(`nobody-${i}@buyer.example`)),
      );
    const owners = await Promise.all(Array.from({ length: 8 }, async () => (await createUser(t.app)).email));
    expectAlikeInTime(
      await timed(
        8,
        (i) => request(owners[i]!),
        (i) => request(`nobody-timing-${i}@buyer.example`),
      ),
    );
  }, 180_000);
});

describe('the common-password check refuses the whole common list', () => {
  const list = dictionary['passwords-common'];
  // Every entry our own length rules let through, sampled evenly from the first to the very last.
  const eligible = list.filter((password) => password.length >= 6 && password.length <= 128);
  const samples = Array.from(
    { length: 24 },
    (_, i) => eligible[Math.round((i * (eligible.length - 1)) / 23)]!,
  );

  it('is zxcvbn’s whole list, tens of thousands of entries', () => {
    expect(list.length).toBeGreaterThan(30_000);
    expect(samples.at(-1)).toBe(eligible.at(-1));
  });

  it.each(samples)(
    'refuses %j at sign-up, at reset and at a change',
    async (password) => {
      const refused = (res: Awaited<ReturnType<typeof auth>>) => {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toMatch(/most common ones/);
      };
      refused(await auth('sign-up/email', { name: 'Pat', email: `pat-${address}@buyer.example`, password }));
      refused(
        await auth('sign-up/email', {
          name: 'Pat',
          email: `pat-${address}@buyer.example`,
          password: password.toUpperCase(),
        }),
      );
      const user = await createUser(t.app, { password: 'first-secret-1' });
      refused(
        await auth(
          'change-password',
          { currentPassword: 'first-secret-1', newPassword: password },
          { cookie: user.cookie },
        ),
      );
      await auth('request-password-reset', { email: user.email, redirectTo: '/resetPass' });
      const rows = await t.app.db.select().from(verifications);
      const token = rows
        .filter((row) => row.identifier.startsWith('reset-password:') && row.value === user.id)
        .at(-1)!
        .identifier.slice('reset-password:'.length);
      refused(await auth('reset-password', { token, newPassword: password }));
    },
    60_000,
  );
});
