import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, requestAs, type Cast, type Method, type Role } from './support/cast.ts';
import { makeProduct, snapshot } from './support/data.ts';

/**
 * Single-line fields that reach a PDF, a mail subject or a CSV refuse line breaks of every kind and
 * control characters (docs/decisions/0151): 400 naming the field, nothing written. Each endpoint that
 * takes such a field gets generated values with a forbidden character somewhere inside (not at either
 * end, which is trimmed; NUL is refused before validation, by nul-characters.test.ts).
 */
const FORBIDDEN = [
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\v',
  '\f',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
];

const breakIn = (text: string) =>
  fc
    .tuple(fc.constantFrom(...FORBIDDEN), fc.nat({ max: text.length - 2 }))
    .map(([bad, at]) => `${text.slice(0, at + 1)}${bad}${text.slice(at + 1)}`);

describe('single-line fields refuse line breaks and control characters', () => {
  let t: TestApp;
  let cast: Cast;
  let productId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    productId = (await makeProduct(t.app, { availableQuantity: 1000 })).id;
  });
  afterAll(() => t.close());

  const delivery = { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' };
  /** Each endpoint, who calls it, a valid body, and the single-line fields it takes with their labels. */
  const cases: {
    method: Method;
    url: () => string;
    as: Role;
    body: () => Record<string, unknown>;
    fields: Record<string, string>;
    runs?: number;
  }[] = [
    {
      method: 'POST',
      url: () => '/api/checkout',
      as: 'customerA',
      body: () => ({ ...delivery, poReference: 'PO-4471' }),
      fields: { address: 'Address', phone: 'Phone', poReference: 'PO reference' },
    },
    {
      method: 'POST',
      url: () => '/api/order',
      as: 'customerA',
      body: () => ({ ...delivery, productId, buyQuantity: 1 }),
      fields: { address: 'Address', phone: 'Phone' },
    },
    {
      method: 'POST',
      url: () => `/api/quotes/${randomUUID()}/accept`,
      as: 'customerA',
      body: () => ({ ...delivery, poReference: 'PO-4471' }),
      fields: { address: 'Address', phone: 'Phone', poReference: 'PO reference' },
    },
    {
      method: 'PUT',
      url: () => '/api/userInfo',
      as: 'customerA',
      body: () => ({ ...delivery, profession: 'Buyer' }),
      fields: { address: 'Address', phone: 'Phone', profession: 'Profession' },
    },
    {
      method: 'POST',
      url: () => '/api/review',
      as: 'customerA',
      body: () => ({ profession: 'Plant engineer', review: 'Good parts.', rating: 5 }),
      fields: { profession: 'Designation' },
    },
    {
      method: 'POST',
      url: () => '/api/contact',
      as: 'visitor',
      body: () => ({
        name: 'Rahim Uddin',
        email: 'rahim@example.com',
        message: 'We need 5,000 M8 bolts by March.',
      }),
      fields: { name: 'Name' },
      // The contact form takes 5 messages per address in 10 minutes, refused ones included.
      runs: 4,
    },
    {
      method: 'POST',
      url: () => '/api/product',
      as: 'admin',
      body: () => ({
        name: 'Hex bolt M8',
        price: 1.5,
        minOrder: 1,
        availableQuantiity: 10,
        description: 'A bolt.',
        img: '/uploads/test.webp',
      }),
      fields: { name: 'Name' },
    },
    {
      method: 'POST',
      url: () => `/api/checkouts/${randomUUID()}/mark-paid`,
      as: 'admin',
      body: () => ({ reference: 'TRF-2026-11-27' }),
      fields: { reference: 'The reference' },
    },
  ];

  for (const { method, url, as, body, fields, runs = 12 } of cases) {
    for (const [field, label] of Object.entries(fields)) {
      it(`${method} ${url().replace(/[0-9a-f-]{36}/, ':id')}: ${field}`, async () => {
        const before = await snapshot(t.app);
        const valid = String(body()[field]);
        await fc.assert(
          fc.asyncProperty(breakIn(valid), async (value) => {
            const res = await requestAs(t.app, as === 'visitor' ? null : cast[as], method, url(), {
              ...body(),
              [field]: value,
            });
            expect(res.statusCode, res.body).toBe(400);
            expect(res.json<{ message: string }>().message).toBe(
              `${label} must be one line, without line breaks or control characters`,
            );
          }),
          { numRuns: runs, endOnFailure: true },
        );
        expect(await snapshot(t.app)).toEqual(before);
      });
    }
  }
});
