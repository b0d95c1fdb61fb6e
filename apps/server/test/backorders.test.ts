import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backorder } from '@forgeline/shared/schemas/backorder';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { NewApiKey } from '@forgeline/shared/schemas/api-key';
import type { Order } from '@forgeline/shared/schemas/order';
import type { Product } from '@forgeline/shared/schemas/product';
import type { ProductBulkResult } from '@forgeline/shared/schemas/product-bulk';
import { auditLog, orders, outboxMessages, products } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, orderBody, orderRow, stockOf } from './support/data.ts';

/** Back-orders and lead times (decision 0238) and the bulk stock and price update (decision 0239). */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let other: TestUser;

const delivery = { address: '4 Canal Wharf, Leeds', phone: '+44 113 496 0000' };

const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  requestAs(t.app, user, method, url, payload);

/** The admin's product form, as the SPA sends it, for an existing part. */
const productBody = (
  { name, price, minOrder, availableQuantiity, description, img }: Product,
  extra: Record<string, unknown> = {},
) => ({ name, price, minOrder, availableQuantiity, description, img, ...extra });

const readProduct = async (id: string) => (await call(admin, 'GET', `/api/purchase/${id}`)).json<Product>();

/** Makes a part that allows back-orders with a lead time, through the admin's form. */
async function backorderablePart(sku: string, stock: number, leadTimeDays = 14) {
  const row = await makeProduct(t.app, {
    sku,
    name: `Part ${sku}`,
    priceCents: 200,
    availableQuantity: stock,
  });
  const res = await call(
    admin,
    'PUT',
    `/api/product/${row.id}`,
    productBody(toWire(row), { allowBackorder: true, leadTimeDays }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return row.id;
}

async function checkoutOnTerms(user: TestUser, productId: string, quantity: number): Promise<Order> {
  expect((await call(user, 'POST', '/api/cart/lines', { lines: [{ productId, quantity }] })).statusCode).toBe(
    200,
  );
  const res = await call(user, 'POST', '/api/checkout', {
    ...delivery,
    paymentMethod: 'invoice',
    poReference: 'PO-BACKORDER-1',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Checkout>().orders[0]!;
}

const receive = (user: TestUser, items: unknown[], key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products/bulk',
    headers: { ...user.headers, ...(key && { 'idempotency-key': key }) },
    payload: { items },
  });

const waitingOf = async (id: string) => (await orderRow(t.app, id))!.backorderedQuantity;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, buyer, other] = await Promise.all([
    createUser(t.app, { admin: true }),
    createUser(t.app, { name: 'Back Order Buyer' }),
    createUser(t.app, { name: 'Other Buyer' }),
  ]);
  for (const user of [buyer, other]) {
    const res = await call(admin, 'PATCH', `/api/users/${user.id}/terms`, {
      terms: { termsDays: 30, creditLimit: 100_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 60_000);
afterAll(() => t.close());

describe('back-orders', () => {
  let partId: string;
  let first: Order;
  let second: Order;

  it('a part that allows back-orders needs a lead time; the answer shows both', async () => {
    const row = await makeProduct(t.app, { sku: 'BO-NEEDS-LEAD', availableQuantity: 3 });
    const edit = (extra: Record<string, unknown>) => () =>
      call(admin, 'PUT', `/api/product/${row.id}`, productBody(toWire(row), extra));
    const refused = await expectRefused(t.app, edit({ allowBackorder: true }), 400);
    expect(refused.json()).toMatchObject({
      message: 'A part that allows back-orders needs a lead time in days.',
      details: { leadTimeDays: 'A part that allows back-orders needs a lead time in days.' },
    });
    const badLead = await expectRefused(t.app, edit({ allowBackorder: true, leadTimeDays: 0 }), 400);
    expect(badLead.json<{ message: string }>().message).toBe('Lead time must be at least 1 day');
    partId = await backorderablePart('BO-FLANGE-1', 5, 14);
    expect(await readProduct(partId)).toMatchObject({
      allowBackorder: true,
      leadTimeDays: 14,
      availableQuantiity: 5,
    });
  });

  it('takes more than stock: the line records the back-ordered pieces and its lead time', async () => {
    first = await checkoutOnTerms(buyer, partId, 8);
    expect(first).toMatchObject({ buyQuantity: 8, backorderedQuantity: 3, leadTimeDays: 14 });
    expect(await stockOf(t.app, partId)).toBe(0);
    // The shelf is empty, so the next order waits whole.
    second = await checkoutOnTerms(other, partId, 4);
    expect(second).toMatchObject({ backorderedQuantity: 4, leadTimeDays: 14 });
    const mine = (await call(buyer, 'GET', `/api/myOrders?email=${buyer.email}`)).json<Order[]>();
    expect(mine.find((order) => order._id === first._id)).toMatchObject({
      backorderedQuantity: 3,
      leadTimeDays: 14,
    });
    // The checkout's mail says so.
    const mails = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, buyer.email))
      .orderBy(asc(outboxMessages.createdAt));
    const mail = mails.find((row) => row.textBody.includes(first.number));
    expect(mail!.textBody).toContain(
      `${first.number}  Part BO-FLANGE-1: 8 pcs at $2.00 = $16.00 (3 pcs back-ordered, ships in about 14 days)`,
    );
    // A line taken whole from the shelf has nothing waiting and no lead time.
    const plain = await makeProduct(t.app, { sku: 'BO-PLAIN-1', availableQuantity: 10 });
    expect(await checkoutOnTerms(buyer, plain.id, 2)).toMatchObject({
      backorderedQuantity: 0,
      leadTimeDays: null,
    });
  });

  it('keeps today’s rule for a part that does not allow back-orders: nothing taken, nothing changed', async () => {
    const plain = await makeProduct(t.app, { sku: 'BO-NOPE-1', availableQuantity: 2 });
    const res = await expectRefused(
      t.app,
      () => call(buyer, 'POST', '/api/order', orderBody(plain.id, 3)),
      400,
    );
    expect(res.json<{ message: string }>().message).toBe('You cannot buy more than availability!');
    expect(await stockOf(t.app, plain.id)).toBe(2);
  });

  it('ships only allocated pieces: back-ordered ones are refused, naming the rule', async () => {
    const over = await expectRefused(
      t.app,
      () =>
        call(admin, 'POST', '/api/shipments', {
          lines: [{ orderId: first._id, quantity: 6 }],
          carrier: 'other',
        }),
      409,
    );
    expect(over.json()).toMatchObject({
      code: 'BACKORDERED',
      message: `Order ${first.number} has 5 pieces ready to ship; 3 more are back-ordered and wait for stock: 6 cannot ship.`,
    });
    const none = await expectRefused(
      t.app,
      () => call(admin, 'PUT', `/api/order/shipped/${second._id}`),
      409,
    );
    expect(none.json()).toMatchObject({ code: 'BACKORDERED' });
    const ok = await call(admin, 'POST', '/api/shipments', {
      lines: [{ orderId: first._id, quantity: 5 }],
      carrier: 'other',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await orderRow(t.app, first._id)).toMatchObject({ shippedQuantity: 5, status: 'pending' });
  });

  it('lists waiting lines for the admin, oldest first, with part, order, buyer, pieces and age', async () => {
    const res = await call(admin, 'GET', '/api/backorders');
    expect(res.statusCode).toBe(200);
    const list = res.json<Backorder[]>().filter((line) => line.productId === partId);
    expect(list).toEqual([
      expect.objectContaining({
        orderNumber: first.number,
        sku: 'BO-FLANGE-1',
        productName: 'Part BO-FLANGE-1',
        buyerName: 'Back Order Buyer',
        buyerEmail: buyer.email,
        ordered: 8,
        backordered: 3,
        leadTimeDays: 14,
        ageDays: 0,
      }),
      expect.objectContaining({ orderNumber: second.number, buyerName: 'Other Buyer', backordered: 4 }),
    ]);
    // A page at a time, oldest first, the total in X-Total-Count.
    const total = Number(res.headers['x-total-count']);
    expect(total).toBe(res.json<Backorder[]>().length);
    const firstPage = await call(admin, 'GET', '/api/backorders?limit=1');
    const secondPage = await call(admin, 'GET', '/api/backorders?limit=1&page=2');
    expect(firstPage.headers['x-total-count']).toBe(String(total));
    expect([...firstPage.json<Backorder[]>(), ...secondPage.json<Backorder[]>()]).toEqual(
      res.json<Backorder[]>().slice(0, 2),
    );
    const badPage = await expectRefused(t.app, () => call(admin, 'GET', '/api/backorders?page=0'), 400);
    expect(badPage.json().message).toContain('page must be at least 1');
    await expectRefused(t.app, () => call(buyer, 'GET', '/api/backorders'), 403);
    await expectRefused(t.app, () => call(null, 'GET', '/api/backorders'), 401);
  });

  it('an admin stock increase is a goods receipt: it fills the oldest line first, the rest to the shelf', async () => {
    const res = await call(
      admin,
      'PUT',
      `/api/product/${partId}`,
      productBody(await readProduct(partId), { availableQuantiity: 5 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await waitingOf(first._id)).toBe(0);
    expect(await waitingOf(second._id)).toBe(2);
    expect(await stockOf(t.app, partId)).toBe(0);
    // Each buyer served hears of it, once, with what came in and what still waits.
    const inStock = async (user: TestUser) =>
      (await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, user.email))).filter(
        (row) => row.subject.startsWith('In stock:'),
      );
    const [firstMail, ...firstMore] = await inStock(buyer);
    expect(firstMore).toEqual([]);
    expect(firstMail!.subject).toBe('In stock: 3 pcs of Part BO-FLANGE-1');
    expect(firstMail!.textBody).toContain(`${first.number}  Part BO-FLANGE-1: 3 pcs now in stock\n`);
    expect(firstMail!.textBody).toContain('they leave with our next shipment');
    const [secondMail] = await inStock(other);
    expect(secondMail!.textBody).toContain(
      `${second.number}  Part BO-FLANGE-1: 2 pcs now in stock (2 still on back-order)`,
    );
    expect(secondMail!.textBody).toContain('we will write again when the rest arrives');
    // The filled pieces may now ship; the second line's two in hand too, not its two waiting.
    const rest = await call(admin, 'PUT', `/api/order/shipped/${first._id}`);
    expect(rest.json()).toMatchObject({ modifiedCount: 1 });
    expect(await orderRow(t.app, first._id)).toMatchObject({ shippedQuantity: 8, status: 'shipped' });
  });

  it('the products CSV carries the back-order columns, and its stock increase is a receipt too', async () => {
    const csv = await t.app.inject({ url: '/api/products.csv', headers: admin.headers });
    const header = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    const line = csv.body
      .split('\r\n')
      .find((row) => row.startsWith('BO-FLANGE-1,'))!
      .split(',');
    const cell = (name: string) => line[header.indexOf(name)];
    expect([cell('Back-orders'), cell('Lead time (days)')]).toEqual(['yes', '14']);
    const file = [
      'Part number,Name,Price,Stock,Minimum order,Description,Image,Back-orders,Lead time (days)',
      `BO-FLANGE-1,Part BO-FLANGE-1,2.00,7,1,A part made for a test.,/uploads/test.webp,yes,21`,
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await waitingOf(second._id)).toBe(0);
    expect(await stockOf(t.app, partId)).toBe(5);
    expect(await readProduct(partId)).toMatchObject({ leadTimeDays: 21 });
  });

  it('cancelling a line with back-ordered pieces releases them; only allocated pieces go back', async () => {
    const waitingPart = await backorderablePart('BO-CANCEL-1', 2, 10);
    const line = await checkoutOnTerms(buyer, waitingPart, 6);
    expect(line.backorderedQuantity).toBe(4);
    const later = await checkoutOnTerms(other, waitingPart, 3);
    expect(later.backorderedQuantity).toBe(3);
    const res = await call(admin, 'DELETE', `/api/myOrder/${line._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t.app, line._id)).toMatchObject({ status: 'cancelled', backorderedQuantity: 0 });
    // Its two pieces in hand came back, and went to the line still waiting.
    expect(await waitingOf(later._id)).toBe(1);
    expect(await stockOf(t.app, waitingPart)).toBe(0);
    const listed = (await call(admin, 'GET', '/api/backorders')).json<Backorder[]>();
    expect(listed.some((row) => row.orderId === line._id)).toBe(false);
  });

  it('an unpaid card order that lapses releases its wait and gives back only its allocated pieces', async () => {
    const part = await backorderablePart('BO-LAPSE-1', 1, 7);
    const res = await call(buyer, 'POST', '/api/order', orderBody(part, 4));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    expect(await waitingOf(id)).toBe(3);
    await t.app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, id));
    await expireUnpaidOrders(t.app, new Date());
    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', backorderedQuantity: 0 });
    expect(await stockOf(t.app, part)).toBe(1);
  });
});

describe('POST /api/products/bulk', () => {
  it('sets stock and prices by part number; a stock increase fills back-orders first', async () => {
    const part = await backorderablePart('BULK-A-1', 0, 5);
    const line = await checkoutOnTerms(buyer, part, 4);
    await makeProduct(t.app, { sku: 'BULK-B-1', priceCents: 300, availableQuantity: 9 });
    const res = await receive(admin, [
      { partNumber: 'bulk-a-1', stock: 10 },
      { partNumber: 'BULK-B-1', price: 3.25 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductBulkResult>()).toEqual({
      updated: 2,
      unchanged: 0,
      items: [
        { partNumber: 'BULK-A-1', stock: 6, price: 2, backordersFilled: 4 },
        { partNumber: 'BULK-B-1', stock: 9, price: 3.25, backordersFilled: 0 },
      ],
    });
    expect(await waitingOf(line._id)).toBe(0);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.bulk_updated'))
      .orderBy(asc(auditLog.at));
    expect(audit).toMatchObject({ actorId: admin.id, subjectLabel: 'Bulk update: 2 parts changed' });
  });

  it('replays the first answer for the same Idempotency-Key, changing nothing the second time', async () => {
    const row = await makeProduct(t.app, { sku: 'BULK-IDEM-1', availableQuantity: 1 });
    const first = await receive(admin, [{ partNumber: 'BULK-IDEM-1', stock: 50 }], 'erp-sync-0001');
    expect(first.statusCode, first.body).toBe(200);
    // A sale in between: a replay must not put the shelf back to 50.
    await t.app.db.update(products).set({ availableQuantity: 42 }).where(eq(products.id, row.id));
    const again = await receive(admin, [{ partNumber: 'BULK-IDEM-1', stock: 50 }], 'erp-sync-0001');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(t.app, row.id)).toBe(42);
    // The same key with another body is refused, not answered with the first one's result.
    await expectRefused(
      t.app,
      () => receive(admin, [{ partNumber: 'BULK-IDEM-1', stock: 51 }], 'erp-sync-0001'),
      422,
    );
  });

  it('a bad row refuses the whole request with a 400 naming it, and nothing changes', async () => {
    await makeProduct(t.app, { sku: 'BULK-OK-1', availableQuantity: 3 });
    const tiered = await makeProduct(t.app, {
      sku: 'BULK-TIER-1',
      priceCents: 500,
      priceTiers: [{ minQuantity: 10, priceCents: 400 }],
    });
    const cases: [unknown[], string][] = [
      [
        [
          { partNumber: 'BULK-OK-1', stock: 5 },
          { partNumber: 'NO-SUCH-PART', stock: 1 },
        ],
        "Row 2 (NO-SUCH-PART): there is no part number 'NO-SUCH-PART'.",
      ],
      [
        [{ partNumber: 'BULK-OK-1', stock: -1 }],
        'Row 1 (BULK-OK-1): stock must be a whole number from 0 to 10000000.',
      ],
      [
        [{ partNumber: 'BULK-OK-1', stock: 2.5 }],
        'Row 1 (BULK-OK-1): stock must be a whole number from 0 to 10000000.',
      ],
      [[{ partNumber: 'BULK-OK-1', price: 1.005 }], 'Row 1 (BULK-OK-1): price has at most 2 decimals.'],
      [[{ partNumber: 'BULK-OK-1' }], 'Row 1 (BULK-OK-1): give stock, price or both.'],
      [
        [
          { partNumber: 'BULK-OK-1', stock: 4 },
          { partNumber: 'bulk-ok-1', price: 2 },
        ],
        'Row 2 (BULK-OK-1): the part number is also on row 1.',
      ],
      [
        [
          { partNumber: 'BULK-OK-1', stock: 9 },
          { partNumber: 'BULK-TIER-1', price: 3.5 },
        ],
        'Row 2 (BULK-TIER-1): Price break 1: the price must not be more than the price before it.',
      ],
    ];
    for (const [items, message] of cases) {
      const res = await expectRefused(t.app, () => receive(admin, items), 400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await stockOf(t.app, tiered.id)).toBe(100);
    const shape = await expectRefused(
      t.app,
      () => receive(admin, [{ partNumber: 'BULK-OK-1', stock: 'many' }]),
      400,
    );
    expect(shape.json<{ details: Record<string, string> }>().details).toHaveProperty(['items.0.stock']);
  });

  it('takes an API key with products:write; another scope gets 403 and changes nothing; buyers 403', async () => {
    const row = await makeProduct(t.app, { sku: 'BULK-KEY-1', availableQuantity: 2 });
    const make = async (scopes: string[]) => {
      const res = await call(admin, 'POST', '/api/apiKeys', { name: `Bulk ${scopes.join(' ')}`, scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<NewApiKey>().secret;
    };
    const withKey = (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/bulk',
        headers: { authorization: `Bearer ${secret}`, 'idempotency-key': `k-${secret.slice(-8)}` },
        payload: { items: [{ partNumber: 'BULK-KEY-1', stock: 12 }] },
      });
    const readOnly = await make(['products:read']);
    await expectRefused(t.app, () => withKey(readOnly), 403);
    await expectRefused(t.app, () => receive(buyer, [{ partNumber: 'BULK-KEY-1', stock: 12 }]), 403);
    const writer = await make(['products:write']);
    const res = await withKey(writer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(t.app, row.id)).toBe(12);
    // The OpenAPI document names the scope.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { description?: string; summary?: string; 'x-scopes'?: string[] }>
      >;
    }>();
    expect(JSON.stringify(doc.paths['/api/products/bulk']?.post)).toContain('products:write');
  });
});

describe('back-order allocation under concurrent receipts and checkouts', () => {
  it('gives no piece twice and fills the oldest lines first', async () => {
    const part = await backorderablePart('BO-RACE-1', 0, 9);
    // Four lines waiting, placed one after another: 20 pieces, oldest first.
    const waiting: Order[] = [];
    for (const user of [buyer, other, buyer, other]) waiting.push(await checkoutOnTerms(user, part, 5));
    const buyers = await Promise.all([1, 2, 3, 4].map((n) => createUser(t.app, { name: `Racer ${n}` })));
    // Six receipts of three pieces each (the shelf is empty before each: more waits than comes in) and
    // four checkouts, all at once.
    const results = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((n) => receive(admin, [{ partNumber: 'BO-RACE-1', stock: 3 }], `race-${n}`)),
      ...buyers.map((user) => call(user, 'POST', '/api/order', orderBody(part, 2))),
    ]);
    for (const res of results) expect([200, 201], res.body).toContain(res.statusCode);
    const received = results
      .slice(0, 6)
      .map((res) => res.json<ProductBulkResult>().items[0]!.backordersFilled)
      .reduce((sum, n) => sum + n, 0);
    expect(received).toBe(18);

    const lines = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.productId, part))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    expect(lines).toHaveLength(8);
    const allocated = lines.reduce((sum, line) => sum + line.quantity - line.backorderedQuantity, 0);
    // Every piece that came in went to exactly one line, none to the shelf.
    expect(await stockOf(t.app, part)).toBe(0);
    expect(allocated).toBe(18);
    // The four old lines, oldest first: three filled, the last with 2 of 5 still waiting.
    const old = waiting.map((line) => lines.find((row) => row.id === line._id)!.backorderedQuantity);
    expect(old).toEqual([0, 0, 0, 2]);
    // So the new lines, placed later, got nothing yet.
    for (const line of lines.filter((row) => !waiting.some((w) => w._id === row.id))) {
      expect(line.backorderedQuantity).toBe(line.quantity);
    }
  }, 60_000);
});

/** A product row as the wire shows it (for the admin form's body). */
function toWire(row: Awaited<ReturnType<typeof makeProduct>>): Product {
  return {
    _id: row.id,
    name: row.name,
    price: row.priceCents / 100,
    minOrder: row.minOrder,
    availableQuantiity: row.availableQuantity,
    description: row.description,
    img: row.imageUrl ?? '',
    sku: row.sku,
    packSize: row.packSize,
    maxOrder: row.maxOrder,
    lowStockThreshold: row.lowStockThreshold,
    priceTiers: [],
    taxCategory: row.taxCategory,
  };
}
