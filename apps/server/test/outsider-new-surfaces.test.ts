import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs } from './support/cast.ts';
import { makeProduct, orderRow, payOrder, placeOrder, stockOf } from './support/data.ts';

/**
 * What an outsider would try on what this wave added: another buyer's order behind the cancel preview and
 * the cancel, the same cancel twice at once, a part numbered like an order, and the seller's bank account
 * in a public answer.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [owner, stranger, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { admin: true }),
  ]);
});
afterAll(() => t.close());

describe('another buyer’s order', () => {
  it('is not found behind the cancel preview or the cancel, and stays as it was', async () => {
    const part = await makeProduct(t.app, { minOrder: 1, availableQuantity: 100 });
    const id = await placeOrder(t.app, owner, part.id, 5);
    const before = await orderRow(t.app, id);
    for (const [method, url] of [
      ['GET', `/api/myOrder/${id}/cancellation`],
      ['DELETE', `/api/myOrder/${id}`],
    ] as const) {
      const res = await requestAs(t.app, stranger, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(owner.email);
      expect((await requestAs(t.app, null, method, url)).statusCode).toBe(401);
    }
    expect(await orderRow(t.app, id)).toEqual(before);
    expect(await stockOf(t.app, part.id)).toBe(95);
  });
});

describe('the same cancel twice at once', () => {
  it('cancels once, refunds once and gives the stock back once; the other answers 409', async () => {
    const part = await makeProduct(t.app, { minOrder: 1, availableQuantity: 100, priceCents: 500 });
    const id = await placeOrder(t.app, owner, part.id, 4);
    await payOrder(t.app, owner, id);
    const answers = await Promise.all([
      requestAs(t.app, admin, 'DELETE', `/api/myOrder/${id}`),
      requestAs(t.app, admin, 'DELETE', `/api/myOrder/${id}`),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.app, part.id)).toBe(100);
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: true });
    const preview = await requestAs(t.app, admin, 'GET', `/api/myOrder/${id}/cancellation`);
    expect(preview.statusCode).toBe(409);
  });
});

describe('a part numbered like an order', () => {
  it.each(['SO-100001', 'so-42', 'CO-100001'])(
    '%s is refused, so a buyer never confuses the two',
    async (sku) => {
      const res = await requestAs(t.app, admin, 'POST', '/api/product', {
        name: 'Look-alike',
        price: 1,
        minOrder: 1,
        availableQuantiity: 10,
        description: 'x',
        img: '/uploads/x.webp',
        sku,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ details: { sku: expect.stringMatching(/order numbers/) } });
    },
  );
});

describe('the seller’s bank account', () => {
  it('is in no public answer', async () => {
    const account = t.app.config.bankAccount?.account;
    expect(account).toBeTruthy();
    for (const url of ['/api/config', '/api/products', '/api/reviews']) {
      const res = await requestAs(t.app, null, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(account!);
    }
  });
});
