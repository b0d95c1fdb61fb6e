import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Order } from '@forgeline/shared/schemas/order';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import type { Shipment } from '@forgeline/shared/schemas/shipment';
import { shipmentLines } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCompany } from './support/companies.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, orderRow, payOrder, placeOrder } from './support/data.ts';
import { outboxMailsTo } from './support/mail.ts';
import { expectTextToHold, pdfText } from './support/pdf.ts';

/** Partial shipments with tracking (decision 0232). */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let products: { id: string }[];

const delivery = { address: '4 Canal Wharf, Leeds', phone: '+44 113 496 0000' };

const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);

const ship = (lines: { orderId: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  call(admin, 'POST', '/api/shipments', {
    lines,
    carrier: 'dhl',
    trackingNumber: 'JD0146 0000 1234',
    ...extra,
  });

const mailsTo = (email: string) => outboxMailsTo(t.app, email);

/** A checkout on payment terms (it ships unpaid, decision 0112) of the given quantities, one product each. */
async function termsCheckout(user: TestUser, quantities: number[]): Promise<Order[]> {
  const lines = quantities.map((quantity, index) => ({ productId: products[index]!.id, quantity }));
  expect((await call(user, 'POST', '/api/cart/lines', { lines })).statusCode).toBe(200);
  const res = await call(user, 'POST', '/api/checkout', {
    ...delivery,
    paymentMethod: 'invoice',
    poReference: 'PO-SHIP-1',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orders } = res.json<Checkout>();
  // In the order the quantities were given.
  return quantities.map((_, index) => orders.find((order) => order.productId === products[index]!.id)!);
}

async function approveTerms(user: TestUser) {
  const res = await call(admin, 'PATCH', `/api/users/${user.id}/terms`, {
    terms: { termsDays: 30, creditLimit: 100_000 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  [admin, buyer, stranger] = await Promise.all([
    createUser(t.app, { admin: true }),
    createUser(t.app, { name: 'Shipping Buyer' }),
    createUser(t.app),
  ]);
  await approveTerms(buyer);
  products = await Promise.all(
    ['Ship flange', 'Ship gasket', 'Ship bolt', 'Ship washer'].map((name) =>
      makeProduct(t.app, { name, priceCents: 100, minOrder: 1, availableQuantity: 10_000 }),
    ),
  );
}, 60_000);
afterAll(() => t.close());

describe('shipments', () => {
  let lines: Order[];
  let first: Shipment;

  it('ships part of a line and all of another: the arithmetic, the statuses, the tracking link', async () => {
    lines = await termsCheckout(buyer, [5, 3, 2]);
    const [a, b] = lines as [Order, Order];
    const res = await ship([
      { orderId: a._id, quantity: 2 },
      { orderId: b._id, quantity: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<Shipment>();
    expect(first).toMatchObject({
      number: expect.stringMatching(/^SH-\d+$/),
      carrier: 'dhl',
      carrierName: 'DHL',
      trackingNumber: 'JD0146 0000 1234',
      trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146%200000%201234',
      pieces: 5,
      packingSlipUrl: `/api/shipments/${first._id}/packingSlip.pdf`,
    });
    expect(first.lines.map((line) => line.quantity).sort()).toEqual([2, 3]);

    expect(await orderRow(t.app, a._id)).toMatchObject({
      shippedQuantity: 2,
      status: 'pending',
      shippedAt: null,
    });
    expect(await orderRow(t.app, b._id)).toMatchObject({ shippedQuantity: 3, status: 'shipped' });
    expect((await orderRow(t.app, b._id))!.shippedAt).not.toBeNull();
    // The buyer's list says how far each line has got.
    const mine = (await call(buyer, 'GET', `/api/myOrders?email=${buyer.email}`)).json<Order[]>();
    const byId = new Map(mine.map((order) => [order._id, order]));
    expect(byId.get(a._id)).toMatchObject({ status: 'pending', shippedQuantity: 2 });
    expect(byId.get(b._id)).toMatchObject({ status: 'shipped', shippedQuantity: 3 });
  });

  it('refuses more than is left, naming the rule, and changes nothing', async () => {
    const [a, b] = lines as [Order, Order];
    const over = await expectRefused(t.app, () => ship([{ orderId: a._id, quantity: 4 }]), 409);
    expect(over.json()).toMatchObject({ code: 'OVER_SHIPPED' });
    expect(over.json<{ message: string }>().message).toContain('has 3 of its 5 pieces left to ship');
    const done = await expectRefused(t.app, () => ship([{ orderId: b._id, quantity: 1 }]), 409);
    expect(done.json<{ message: string }>().message).toContain('has shipped in full already');
    // One bad line refuses the whole shipment: the good line does not ship either.
    await expectRefused(
      t.app,
      () =>
        ship([
          { orderId: lines[2]!._id, quantity: 1 },
          { orderId: a._id, quantity: 9 },
        ]),
      409,
    );
    // A line some of whose pieces have gone cannot be cancelled (its stock is in a van).
    const cancel = await expectRefused(t.app, () => call(admin, 'DELETE', `/api/myOrder/${a._id}`), 409);
    expect(cancel.json<{ message: string }>().message).toContain('2 of its 5 pieces have shipped');
  });

  it('ships the rest: the line reads shipped, and the spec’s Ship finds nothing left', async () => {
    const [a, , c] = lines as [Order, Order, Order];
    const res = await ship(
      [
        { orderId: a._id, quantity: 3 },
        { orderId: c._id, quantity: 2 },
      ],
      { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Shipment>().trackingUrl).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    for (const line of lines) {
      expect(await orderRow(t.app, line._id)).toMatchObject({
        status: 'shipped',
        shippedQuantity: line.buyQuantity,
      });
    }
    expect((await call(admin, 'PUT', `/api/order/shipped/${a._id}`)).json()).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    });
    // The admin's order page tells the line's story one parcel at a time.
    const detail = (await call(admin, 'GET', `/api/orders/${a._id}`)).json<AdminOrderDetail>();
    expect(detail.timeline.filter((event) => event.kind === 'shipped').map((event) => event.text)).toEqual([
      expect.stringMatching(/^Shipped 2 of 5 pcs \(2 of 5 sent\) in SH-\d+, DHL, tracking /),
      expect.stringMatching(
        /^Shipped 3 of 5 pcs \(5 of 5 sent\) in SH-\d+, UPS, tracking 1Z999AA10123456784$/,
      ),
    ]);
  });

  it('mails the buyer once per shipment, with the tracking link', async () => {
    const mails = (await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('Shipped: '));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Shipped: 2 parts of your order ' + lines[0]!.checkoutNumber);
    expect(mails[0]!.textBody).toContain('Part of your order has left our works for 4 Canal Wharf, Leeds');
    expect(mails[0]!.textBody).toContain(
      'Follow it:  https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146%200000%201234',
    );
    expect(mails[0]!.textBody).toContain(`${lines[0]!.number}  Ship flange: 2 pcs (3 still to come)`);
    expect(mails[0]!.textBody).toContain(`Orders:     ${lines[0]!.number}, ${lines[1]!.number}`);
    expect(mails[1]!.textBody).toContain('Your order has left our works for 4 Canal Wharf, Leeds.');
    expect(mails[1]!.textBody).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('shows the buyer every shipment of their orders; another customer sees none of them', async () => {
    const mine = (await call(buyer, 'GET', '/api/myShipments')).json<Shipment[]>();
    expect(mine.map((shipment) => shipment.pieces)).toEqual([5, 5]);
    expect(mine[1]).toMatchObject({ _id: first._id, trackingUrl: first.trackingUrl });
    // The packing slip is the shop's paper.
    expect(mine[1]!.packingSlipUrl).toBeUndefined();
    const ofLine = (await call(buyer, 'GET', `/api/order/${lines[0]!._id}/shipments`)).json<Shipment[]>();
    expect(ofLine).toHaveLength(2);
    const ofB = (await call(buyer, 'GET', `/api/order/${lines[1]!._id}/shipments`)).json<Shipment[]>();
    expect(ofB.map((shipment) => shipment._id)).toEqual([first._id]);

    await expectRefused(t.app, () => call(stranger, 'GET', `/api/order/${lines[0]!._id}/shipments`), 404);
    expect((await call(stranger, 'GET', '/api/myShipments')).json()).toEqual([]);
    await expectRefused(t.app, () => call(null, 'GET', '/api/myShipments'), 401);
  });

  it('is for admins only', async () => {
    const body = { lines: [{ orderId: lines[0]!._id, quantity: 1 }], carrier: 'other' };
    await expectRefused(t.app, () => call(buyer, 'POST', '/api/shipments', body), 403);
    await expectRefused(t.app, () => call(null, 'POST', '/api/shipments', body), 401);
    await expectRefused(t.app, () => call(buyer, 'GET', first.packingSlipUrl!), 403);
  });

  it('prints a packing slip with the parcel’s pieces, the tracking number and no prices', async () => {
    const res = await call(admin, 'GET', first.packingSlipUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${first.number}.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const text = await pdfText(res.rawPayload);
    expectTextToHold(text, [
      `Packing slip ${first.number}`,
      'Carrier: DHL',
      'Tracking number: JD0146 0000 1234',
      'PO: PO-SHIP-1',
      'Shipping Buyer',
      '4 Canal Wharf, Leeds',
      'Ship flange',
      'Ship gasket',
      '5 pieces in this parcel',
    ]);
    expect(text).not.toContain('$');
  });
});

describe('shipping rules', () => {
  it('refuses an unpaid card order, tracking number or not, and a cancelled one', async () => {
    const card = await createUser(t.app);
    const unpaid = await placeOrder(t.app, card, products[3]!.id, 2);
    const res = await expectRefused(t.app, () => ship([{ orderId: unpaid, quantity: 1 }]), 409);
    expect(res.json()).toMatchObject({ code: 'ORDER_UNPAID' });
    expect(res.json<{ message: string }>().message).toMatch(/is not paid \(and not on payment terms\)/);
    await expectRefused(t.app, () => call(admin, 'PUT', `/api/order/shipped/${unpaid}`), 409);

    // Once paid it ships.
    await payOrder(t.app, card, unpaid);
    expect((await ship([{ orderId: unpaid, quantity: 1 }])).statusCode).toBe(201);

    const cancelled = await placeOrder(t.app, card, products[3]!.id, 2);
    expect((await call(card, 'DELETE', `/api/myOrder/${cancelled}`)).statusCode).toBe(200);
    const refused = await expectRefused(t.app, () => ship([{ orderId: cancelled, quantity: 1 }]), 409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
  });

  it('answers bad input with 400 and a message a person understands', async () => {
    const [line] = await termsCheckout(buyer, [4]);
    const orderId = line!._id;
    const cases: [unknown, RegExp][] = [
      [{ lines: [{ orderId, quantity: 0 }], carrier: 'dhl', trackingNumber: 'A1' }, /at least 1 piece/],
      [{ lines: [{ orderId, quantity: -2 }], carrier: 'dhl', trackingNumber: 'A1' }, /at least 1 piece/],
      [{ lines: [{ orderId, quantity: 1.5 }], carrier: 'dhl', trackingNumber: 'A1' }, /whole pieces/],
      [{ lines: [], carrier: 'dhl', trackingNumber: 'A1' }, /at least one piece/],
      [
        { lines: [{ orderId, quantity: 1 }], carrier: 'royalmail', trackingNumber: 'A1' },
        /Choose the carrier: DHL, UPS, FedEx, USPS or Other/,
      ],
      [
        { lines: [{ orderId, quantity: 1 }], carrier: 'ups', trackingNumber: 'X'.repeat(41) },
        /at most 40 characters/,
      ],
      [
        { lines: [{ orderId, quantity: 1 }], carrier: 'ups', trackingNumber: 'A1\nB2' },
        /letters, digits, spaces and dashes/,
      ],
      [{ lines: [{ orderId, quantity: 1 }], carrier: 'fedex' }, /Enter the tracking number/],
      [
        {
          lines: [
            { orderId, quantity: 1 },
            { orderId, quantity: 1 },
          ],
          carrier: 'other',
        },
        /appear once in a shipment/,
      ],
      [{ lines: [{ orderId: randomUUID(), quantity: 1 }], carrier: 'other' }, /There is no order line/],
      [{ lines: [{ orderId: 'not-an-id', quantity: 1 }], carrier: 'other' }, /There is no order line/],
    ];
    for (const [body, message] of cases) {
      const res = await expectRefused(t.app, () => call(admin, 'POST', '/api/shipments', body), 400);
      expect(JSON.stringify(res.json()), JSON.stringify(body).slice(0, 80)).toMatch(message);
    }
    // 'Other' ships without a number, and without a link.
    const other = await call(admin, 'POST', '/api/shipments', {
      lines: [{ orderId, quantity: 1 }],
      carrier: 'other',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json()).toMatchObject({ carrierName: 'Other', trackingNumber: null, trackingUrl: null });
  });

  it('keeps a shipment to one checkout (one address)', async () => {
    const [x] = await termsCheckout(buyer, [2]);
    const [y] = await termsCheckout(buyer, [2]);
    const res = await expectRefused(
      t.app,
      () =>
        ship([
          { orderId: x!._id, quantity: 1 },
          { orderId: y!._id, quantity: 1 },
        ]),
      400,
    );
    expect(res.json<{ message: string }>().message).toContain('must all come from one checkout');
  });

  it('lets exactly one of two admins ship the same remaining pieces at once', async () => {
    const second = await createUser(t.app, { admin: true });
    for (let round = 0; round < 3; round += 1) {
      const [line] = await termsCheckout(buyer, [6]);
      const orderId = line!._id;
      expect((await ship([{ orderId, quantity: 2 }])).statusCode).toBe(201);
      // Both see 4 left and each ships them; the loser finds none left.
      const results = await Promise.all(
        [admin, second, admin].map((who) =>
          call(who, 'POST', '/api/shipments', {
            lines: [{ orderId, quantity: 4 }],
            carrier: 'fedex',
            trackingNumber: `794698${round}`,
          }),
        ),
      );
      const statuses = results.map((res) => res.statusCode).sort();
      expect(statuses, results.map((res) => res.body).join('\n')).toEqual([201, 409, 409]);
      expect(results.find((res) => res.statusCode === 409)!.json()).toMatchObject({ code: 'OVER_SHIPPED' });
      expect(await orderRow(t.app, orderId)).toMatchObject({ shippedQuantity: 6, status: 'shipped' });
      const rows = await t.app.db.select().from(shipmentLines).where(eq(shipmentLines.orderId, orderId));
      expect(rows.map((row) => row.quantity).sort()).toEqual([2, 4]);
    }
  });
});

describe('company members', () => {
  it('see the shipments of the company’s orders when their role reads them; a buyer sees only their own', async () => {
    const [owner, finance, otherBuyer] = await Promise.all([
      createUser(t.app, { name: 'Company Owner' }),
      createUser(t.app),
      createUser(t.app),
    ]);
    const companyId = await createCompany(
      t.app,
      admin,
      { name: 'Shipping Works Ltd', billingAddress: '1 Dock Road, Hull', country: 'GB' },
      [
        [owner, 'admin'],
        [finance, 'finance'],
        [otherBuyer, 'buyer'],
      ],
    );
    const terms = await call(admin, 'PATCH', `/api/companies/${companyId}/terms`, {
      terms: { termsDays: 30, creditLimit: 100_000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const [line] = await termsCheckout(owner, [3]);
    const shipped = await ship([{ orderId: line!._id, quantity: 1 }]);
    expect(shipped.statusCode, shipped.body).toBe(201);
    const id = shipped.json<Shipment>()._id;

    const read = await call(finance, 'GET', `/api/order/${line!._id}/shipments`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Shipment[]>().map((shipment) => shipment._id)).toEqual([id]);
    expect((await call(finance, 'GET', '/api/myShipments')).json<Shipment[]>().map((s) => s._id)).toEqual([
      id,
    ]);
    // A buyer reads their own orders only (unless allowed all): not a colleague's shipments.
    expect((await call(otherBuyer, 'GET', `/api/order/${line!._id}/shipments`)).statusCode).toBe(404);
    expect((await call(otherBuyer, 'GET', '/api/myShipments')).json()).toEqual([]);
  });
});
