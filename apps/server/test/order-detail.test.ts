import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Order } from '@forgeline/shared/schemas/order';
import type { TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused, type Cast, requestAs, type Method } from './support/cast.ts';
import { GOOD_CARD, makeProduct } from './support/data.ts';

const delivery = { address: '7 Rolling Mill Road, Rotherham S60 1AA', phone: '+44 1709 555 0101' };

describe("the admin's order page: GET /api/orders/:id, and search by order number and PO reference", () => {
  let t: TestApp;
  let cast: Cast;
  let checkout: Checkout;
  let transactionId: string;

  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    requestAs(t.app, user, method, url, payload);

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    const buyer = cast.customerA;
    const bolt = await makeProduct(t.app, { name: 'Detail bolt', priceCents: 250, availableQuantity: 1000 });
    const nut = await makeProduct(t.app, { name: 'Detail nut', priceCents: 40, availableQuantity: 1000 });
    const washer = await makeProduct(t.app, {
      name: 'Detail washer',
      priceCents: 10,
      availableQuantity: 1000,
    });
    const cart = await call(buyer, 'POST', '/api/cart/lines', {
      lines: [
        { productId: bolt.id, quantity: 100 },
        { productId: nut.id, quantity: 50 },
        { productId: washer.id, quantity: 200 },
      ],
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json<Cart>().count).toBe(3);
    const placed = await call(buyer, 'POST', '/api/checkout', { ...delivery, poReference: 'PO-DETAIL-7781' });
    expect(placed.statusCode, placed.body).toBe(201);
    checkout = placed.json<Checkout>();
    const intent = await call(buyer, 'POST', `/api/checkouts/${checkout._id}/payment-intent`);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await call(buyer, 'POST', '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    transactionId = paid.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    expect((await call(buyer, 'PATCH', `/api/checkouts/${checkout._id}`, { transactionId })).statusCode).toBe(
      200,
    );
    // The admin cancels the nuts (refunded, a credit note) and ships the bolts.
    const [bolts, nuts] = checkout.orders;
    expect((await call(cast.admin, 'DELETE', `/api/myOrder/${nuts!._id}`)).statusCode).toBe(200);
    expect((await call(cast.admin, 'PUT', `/api/order/shipped/${bolts!._id}`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('shows the customer, where to deliver, the dates, the payment, the checkout, the documents and the timeline', async () => {
    const bolts = checkout.orders[0]!;
    const res = await call(cast.admin, 'GET', `/api/orders/${bolts._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminOrderDetail>();
    expect(detail.order).toMatchObject({
      _id: bolts._id,
      number: bolts.number,
      name: cast.customerA.name,
      email: cast.customerA.email,
      productName: 'Detail bolt',
      buyQuantity: 100,
      totalPrize: 250,
      paid: true,
      status: 'shipped',
      poReference: 'PO-DETAIL-7781',
      checkoutNumber: checkout.number,
      ...delivery,
    });
    expect(detail.order.paidAt).not.toBeNull();
    expect(detail.order.shippedAt).not.toBeNull();
    expect(detail.customerHasAccount).toBe(true);
    expect(detail.payment).toMatchObject({ transactionId, cardBrand: 'visa', cardLast4: '4242' });
    expect(detail.checkout).toMatchObject({
      _id: checkout._id,
      number: checkout.number,
      poReference: 'PO-DETAIL-7781',
      placedTotal: 290,
      lineCount: 3,
    });
    // The cancelled line is gone from the checkout; its refund is listed with its credit note.
    expect(detail.checkout!.lines.map((l) => [l.productName, l.status])).toEqual([
      ['Detail bolt', 'shipped'],
      ['Detail washer', 'pending'],
    ]);
    expect(detail.refunds).toEqual([
      expect.objectContaining({ orderReference: checkout.orders[1]!.number, amount: 20 }),
    ]);
    expect(detail.refunds[0]!.creditNote).toMatch(/^CN-/);
    expect(detail.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['placed', 'paid', 'invoiced', 'refunded', 'shipped']);
    expect(detail.timeline[0]!.text).toContain('PO PO-DETAIL-7781');
    expect(detail.timeline[1]!.text).toContain('ending 4242');
  });

  it('is for admins only; a cancelled order is still shown (decision 0195), an unknown one is not found', async () => {
    const url = `/api/orders/${checkout.orders[0]!._id}`;
    await expectRefused(t.app, () => call(null, 'GET', url), 401);
    await expectRefused(t.app, () => call(cast.customerA, 'GET', url), 403);
    const cancelled = await call(cast.admin, 'GET', `/api/orders/${checkout.orders[1]!._id}`);
    expect(cancelled.json<AdminOrderDetail>().order.status).toBe('cancelled');
    await expectRefused(t.app, () => call(cast.admin, 'GET', '/api/orders/not-an-id'), 404);
  });

  it("finds an order by its number (any case) and a checkout's orders by its PO reference", async () => {
    const search = async (term: string) => {
      const res = await call(cast.admin, 'GET', `/api/orders?limit=50&search=${encodeURIComponent(term)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Order[]>().map((o) => o._id);
    };
    const bolts = checkout.orders[0]!;
    expect(await search(bolts.number)).toEqual([bolts._id]);
    expect(await search(bolts.number.toLowerCase())).toEqual([bolts._id]);
    // Every line of the checkout, the cancelled one included: it stays on record.
    const lines = checkout.orders.map((o) => o._id).sort();
    expect((await search('PO-DETAIL-7781')).sort()).toEqual(lines);
    expect((await search('detail-77')).sort()).toEqual(lines);
    expect(await search('PO-NOBODY')).toEqual([]);
  });

  it("shows each order's checkout number and PO reference in the paged list, as in the unpaged one", async () => {
    const res = await call(cast.admin, 'GET', '/api/orders?limit=50&search=PO-DETAIL-7781');
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<Order[]>();
    expect(listed.length).toBeGreaterThan(0);
    for (const order of listed) {
      expect(order.poReference).toBe('PO-DETAIL-7781');
      expect(order.checkoutNumber).toMatch(/^CO-\d+$/);
    }
  });
});
