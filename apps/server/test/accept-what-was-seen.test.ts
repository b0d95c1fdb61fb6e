import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs, type Method } from './support/cast.ts';
import { makeProduct, snapshot } from './support/data.ts';

/**
 * Accepting a quote is accepting the offer the buyer saw, and an Idempotency-Key belongs to one user,
 * one operation and one target (decision 0157).
 */
let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
let part: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  [buyer, admin] = await Promise.all([createUser(t.app), createUser(t.app, { admin: true })]);
  part = await makeProduct(t.app, { priceCents: 100, availableQuantity: 1_000_000 });
});
afterAll(() => t.close());

const as = (user: TestUser, method: Method, url: string, payload?: object, key?: string) =>
  key
    ? t.app.inject({
        method,
        url,
        headers: { ...user.headers, 'idempotency-key': key },
        ...(payload && { payload }),
      })
    : requestAs(t.app, user, method, url, payload);

const delivery = { address: '4 Quay Street, Hull', phone: '+44 1482 000000' };

async function offered(price = 0.8, quantity = 500): Promise<Quote> {
  const requested = await as(buyer, 'POST', '/api/quotes', { lines: [{ productId: part.id, quantity }] });
  expect(requested.statusCode, requested.body).toBe(201);
  const quote = requested.json<Quote>();
  return offer(quote, price);
}

async function offer(quote: Quote, price: number): Promise<Quote> {
  const res = await as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
    lines: [{ lineId: quote.lines[0]!._id, price }],
    validDays: 14,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Quote>();
}

describe('accepting the offer the buyer saw', () => {
  it('a revised offer answers 409 with its new figures, whichever figure the buyer sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 500 }).map((cents) => cents / 100),
        fc.integer({ min: 10, max: 500 }).map((cents) => cents / 100),
        fc.constantFrom('version', 'total', 'both'),
        async (first, revised, sent) => {
          const seen = await offered(first);
          expect(seen.offerVersion).toMatch(/^[\w-]{16}$/);
          const now = await offer(seen, revised);
          expect(now.offerVersion).not.toBe(seen.offerVersion);
          const saw = {
            ...(sent !== 'total' && { offerVersion: seen.offerVersion }),
            ...(sent !== 'version' && { expectedTotal: seen.total }),
          };
          const before = await snapshot(t.app);
          const res = await as(buyer, 'POST', `/api/quotes/${seen._id}/accept`, { ...delivery, ...saw });
          // A new price with the same total (never here: one line, same quantity) would be accepted.
          if (sent === 'total' && first === revised) {
            expect(res.statusCode).toBe(201);
            return;
          }
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({
            code: 'QUOTE_REVISED',
            message: `This offer was revised since you looked: it now totals $${(revised * 500).toFixed(2)}. Please check the new figures and accept again.`,
            offer: { offerVersion: now.offerVersion, total: now.total },
          });
          expect(await snapshot(t.app)).toEqual(before);
          // With what is shown now, it goes through.
          const again = await as(buyer, 'POST', `/api/quotes/${seen._id}/accept`, {
            ...delivery,
            offerVersion: now.offerVersion,
            expectedTotal: now.total,
          });
          expect(again.statusCode, again.body).toBe(201);
          expect(again.json<Checkout>().total).toBe(now.total);
        },
      ),
      { numRuns: 6 },
    );
  });
});

describe('an Idempotency-Key is one user, one operation, one target', () => {
  it('the same key for another quote is refused, never answered with the first checkout', async () => {
    const [a, b] = [await offered(), await offered()];
    const key = crypto.randomUUID();
    const first = await as(buyer, 'POST', `/api/quotes/${a._id}/accept`, delivery, key);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await as(buyer, 'POST', `/api/quotes/${a._id}/accept`, delivery, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<Checkout>()._id).toBe(first.json<Checkout>()._id);

    const other = await as(buyer, 'POST', `/api/quotes/${b._id}/accept`, delivery, key);
    expect(other.statusCode).toBe(422);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('another operation, target or body'),
    });
    // Quote b is still open, and nothing was placed for it.
    const bNow = (await as(buyer, 'GET', `/api/quotes/${b._id}`)).json<Quote>();
    expect(bNow).toMatchObject({ status: 'offered', checkoutId: null });
  });

  it('the same key for another operation is refused; another user has keys of their own', async () => {
    const quote = await offered();
    const key = crypto.randomUUID();
    const decline = await as(buyer, 'POST', `/api/quotes/${quote._id}/decline`, {}, key);
    const accepted = await as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery, key);
    // Decline may not take a key at all; either way the accept is never answered with its result.
    if (decline.statusCode < 300 && decline.headers['idempotent-replayed'] === undefined) {
      expect([409, 422]).toContain(accepted.statusCode);
    }
    const cart = await as(buyer, 'POST', '/api/cart/lines', { lines: [{ productId: part.id, quantity: 5 }] });
    expect(cart.statusCode).toBe(200);
    const fresh = await offered();
    const k2 = crypto.randomUUID();
    expect((await as(buyer, 'POST', `/api/quotes/${fresh._id}/accept`, delivery, k2)).statusCode).toBe(201);
    const checkout = await as(buyer, 'POST', '/api/checkout', delivery, k2);
    expect(checkout.statusCode).toBe(422);
    // Nothing was placed from the cart: its line is still there.
    const stillInCart = (await as(buyer, 'GET', '/api/cart')).json<{ lines: unknown[] }>();
    expect(stillInCart.lines).toHaveLength(1);
    // Someone else's use of the same key is theirs: no replay of the buyer's answer.
    const other = await createUser(t.app);
    const theirs = await as(other, 'POST', '/api/cart/lines', {
      lines: [{ productId: part.id, quantity: 5 }],
    });
    expect(theirs.statusCode).toBe(200);
    const placed = await as(other, 'POST', '/api/checkout', delivery, k2);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
  });
});
