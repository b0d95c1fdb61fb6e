import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, stockOf } from './support/data.ts';

/**
 * A quote keeps the part's quantity rules (a whole number, the minimum, the pack multiple) in the
 * buyer's request and in the shop's offer, revised quantities included; the per-order maximum does not
 * bound a quote: a quote is how a buyer orders more than it (decision 0200).
 */
describe("quotes keep the part's quantity rules, and go past the cart's maximum", () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let part: { id: string; name: string };
  const rules = { minOrder: 100, packSize: 50, maxOrder: 1000 };

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await createUser(t.app, { name: 'Quinn Quantity' });
    admin = await createUser(t.app, { admin: true });
    part = await makeProduct(t.app, {
      name: 'Flange DN50',
      priceCents: 400,
      availableQuantity: 100_000,
      priceTiers: [{ minQuantity: 500, priceCents: 350 }],
      ...rules,
    });
  });
  afterAll(() => t.close());

  const as = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    requestAs(t.app, user, method, url, payload);

  /** Quantities that break a rule, each with the message a person reads. */
  const broken: [string, number, string][] = [
    ['below the minimum', 50, "You can't order less than 100 pcs !"],
    ['below the minimum, a whole pack', 1, "You can't order less than 100 pcs !"],
    ['not a whole pack', 120, 'Order in multiples of 50 pcs.'],
    ['not a whole pack, past the maximum', 1025, 'Order in multiples of 50 pcs.'],
  ];

  async function request(quantity: number): Promise<Quote> {
    const res = await as(buyer, 'POST', '/api/quotes', { lines: [{ productId: part.id, quantity }] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Quote>();
  }

  it.each(broken)(
    'refuses a request %s (%i pcs) with a 400 naming the line, creating nothing',
    async (_, quantity, message) => {
      const res = await expectRefused(
        t.app,
        () =>
          as(buyer, 'POST', '/api/quotes', {
            lines: [{ productId: part.id, quantity }],
          }),
        400,
      );
      expect(res.json()).toMatchObject({
        message: `Flange DN50: ${message}`,
        details: { 'lines.0.quantity': `Flange DN50: ${message}` },
      });
    },
  );

  it.each(broken)(
    'refuses an offer that revises a line %s (%i pcs), changing nothing',
    async (_, quantity, message) => {
      const quote = await request(500);
      const res = await expectRefused(
        t.app,
        () =>
          as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
            lines: [{ lineId: quote.lines[0]!._id, price: 3.2, quantity }],
            validDays: 7,
          }),
        400,
      );
      expect(res.json().details).toEqual({ 'lines.0.quantity': `Flange DN50: ${message}` });
    },
  );

  it('refuses a fractional or non-positive quantity in a request or an offer', async () => {
    const quote = await request(500);
    for (const quantity of [0, -100, 150.5]) {
      await expectRefused(
        t.app,
        () => as(buyer, 'POST', '/api/quotes', { lines: [{ productId: part.id, quantity }] }),
        400,
      );
      await expectRefused(
        t.app,
        () =>
          as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
            lines: [{ lineId: quote.lines[0]!._id, price: 3.2, quantity }],
          }),
        400,
      );
    }
  });

  it('lets the shop revise a quantity within the rules: the offer, its total and its version follow', async () => {
    const quote = await request(500);
    const first = await as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
      lines: [{ lineId: quote.lines[0]!._id, price: 3.5 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const revised = await as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
      lines: [{ lineId: quote.lines[0]!._id, price: 3.4, quantity: 750 }],
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const offer = revised.json<Quote>();
    expect(offer.lines[0]).toMatchObject({ quantity: 750, offeredPrice: 3.4, lineTotal: 2550 });
    expect(offer.total).toBe(2550);
    expect(offer.offerVersion).not.toBe(first.json<Quote>().offerVersion);
  });

  it('takes a quote past the maximum from request to offer to acceptance, at the offered price', async () => {
    const quantity = rules.maxOrder * 3;
    // The cart refuses it: more than one order may hold.
    const cart = await as(buyer, 'POST', '/api/cart/lines', { productId: part.id, quantity });
    expect(cart.statusCode, cart.body).toBe(400);

    const quote = await request(quantity);
    const offered = await as(admin, 'POST', `/api/quotes/${quote._id}/offer`, {
      lines: [{ lineId: quote.lines[0]!._id, price: 3.1 }],
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const stock = await stockOf(t.app, part.id);
    const accepted = await as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, {
      address: '9 Dock Road, Leith',
      phone: '+44 131 000 0000',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<Checkout>().orders.map((o) => [o.buyQuantity, o.price, o.totalPrize])).toEqual([
      [quantity, 3.1, 9300],
    ]);
    expect(await stockOf(t.app, part.id)).toBe(stock - quantity);
  });
});
