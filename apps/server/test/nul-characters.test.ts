import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithProduct } from './support/cast.ts';
import { orderBody, snapshot } from './support/data.ts';

/**
 * PostgreSQL text cannot hold U+0000. Every text a user can send, with one in it, is refused with a
 * clear 400 before it reaches the database, and nothing changes.
 */
let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  ({ t, customer, admin, productId } = await buildAppWithProduct({
    priceCents: 250,
    minOrder: 1,
    availableQuantity: 100,
  }));
}, 60_000);
afterAll(() => t.close());

const NUL = 'a\u0000b';
const MESSAGE = 'Text cannot contain the NUL character (U+0000). Please remove it and try again.';

const cases: [string, () => InjectOptions][] = [
  [
    'an order address',
    () => ({
      method: 'POST',
      url: '/api/order',
      headers: customer.headers,
      payload: orderBody(productId, 2, { address: NUL }),
    }),
  ],
  [
    'an order phone',
    () => ({
      method: 'POST',
      url: '/api/order',
      headers: customer.headers,
      payload: orderBody(productId, 2, { phone: `+1 555 0100${'\u0000'}` }),
    }),
  ],
  [
    'a profile address',
    () => ({
      method: 'PUT',
      url: `/api/userInfo?email=${customer.email}`,
      headers: customer.headers,
      payload: { phone: '+1 555 0100', address: NUL, profession: 'Buyer' },
    }),
  ],
  [
    'a review',
    () => ({
      method: 'POST',
      url: '/api/review',
      headers: customer.headers,
      payload: { profession: 'Plant engineer', review: NUL, rating: 5 },
    }),
  ],
  [
    'a product name',
    () => ({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: {
        name: NUL,
        price: 0.45,
        minOrder: 200,
        availableQuantiity: 50_000,
        description: 'Grade 8.8, zinc plated.',
        img: '/uploads/hex-bolt.webp',
      },
    }),
  ],
  [
    'a contact message',
    () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Rahim Uddin', email: 'rahim@example.com', message: `Need a quote ${NUL}` },
    }),
  ],
  [
    'a newsletter address',
    () => ({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `rahim${'\u0000'}@example.com` },
    }),
  ],
  [
    'a name at sign-up',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.app.config.publicUrl },
      payload: { name: NUL, email: 'nul-sign-up@example.com', password: 'correct-horse-9' },
    }),
  ],
  ['a catalogue search', () => ({ method: 'GET', url: '/api/products?search=a%00b' })],
  [
    'a field name',
    () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Rahim', email: 'rahim@example.com', message: 'Need a quote soon', [NUL]: 1 },
    }),
  ],
];

describe('the NUL character', () => {
  it.each(cases)('is refused in %s with a 400 that says so, and nothing changes', async (_what, request) => {
    const before = await snapshot(t.app);
    const res = await t.app.inject(request());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGE, code: 'VALIDATION_FAILED' });
    expect(await snapshot(t.app)).toEqual(before);
  });
});
