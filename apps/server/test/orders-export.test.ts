import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import { EXPORT_BATCH } from '../src/modules/orders/service.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused, type Cast } from './support/cast.ts';
import { makeProduct, placeOrder } from './support/data.ts';

describe("the admin's orders export: GET /api/orders.csv", () => {
  let t: TestApp;
  let cast: Cast;
  let hostileId: string;

  const csv = async (query = '') => {
    const res = await t.app.inject({ url: `/api/orders.csv${query}`, headers: cast.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return { res, rows: parse(res.body, { bom: false }) as string[][] };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    const plain = await makeProduct(t.app, {
      name: 'Export washer',
      priceCents: 5,
      availableQuantity: 100_000,
    });
    // A product name and an address a spreadsheet would run as formulas, with a comma and quotes.
    const hostile = await makeProduct(t.app, {
      name: '=HYPERLINK("http://evil.example","Click, me")',
      priceCents: 250,
    });
    hostileId = await placeOrder(t.app, cast.customerA, hostile.id, 2);
    await t.app.db
      .update(orders)
      .set({
        address: '+SUM(A1:A9) Mill Road, "Unit 4"',
        phone: '-1 555 0100',
        paid: true,
        paidAt: new Date(),
        transactionId: '@pi_1',
      })
      .where(eq(orders.id, hostileId));
    // More orders than one batch, so that the stream reads several.
    const [template] = await t.app.db.select().from(orders).where(eq(orders.id, hostileId));
    const { id: _id, number: _number, ...rest } = template!;
    await t.app.db.insert(orders).values(
      Array.from({ length: EXPORT_BATCH + 5 }, (_, i) => ({
        ...rest,
        productId: plain.id,
        productName: 'Export washer',
        priceCents: 5,
        quantity: 1,
        totalCents: 5,
        address: '1 Quiet Street',
        phone: '+1 555 0101',
        paid: false,
        paidAt: null,
        transactionId: null,
        createdAt: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 1000),
      })),
    );
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    await expectRefused(t.app, () => t.app.inject({ url: '/api/orders.csv' }), 401);
    await expectRefused(
      t.app,
      () => t.app.inject({ url: '/api/orders.csv', headers: cast.customerA.headers }),
      403,
    );
    await expectRefused(
      t.app,
      () => t.app.inject({ url: '/api/orders.csv?paid=maybe', headers: cast.admin.headers }),
      400,
    );
  });

  it("writes every order once, newest first, with the spec's columns, address, dates and references", async () => {
    const { res, rows } = await csv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="forgeline-all-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Customers' names and addresses: kept by no shared cache, never sniffed into something else.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('\r\n');
    // The header line as the file has it: the spec's columns, then where to deliver, dates, references.
    expect(res.body.slice(0, res.body.indexOf('\r\n'))).toBe(
      'Order number,User Email,Customer,Product,Price,Quantity,Total,Status,Payment,Address,Phone,' +
        'Placed,Paid at,Shipped at,Checkout,PO reference,Transaction id,Part number,Customer part number',
    );
    const records = rows.slice(1);
    expect(records).toHaveLength(EXPORT_BATCH + 6);
    expect(new Set(records.map((r) => r[0])).size).toBe(EXPORT_BATCH + 6);
    const placed = records.map((r) => r[11]!);
    expect([...placed].sort().reverse()).toEqual(placed);
  });

  it('writes formula-like cells as text, and quotes commas and quotes', async () => {
    const { rows } = await csv('?paid=true');
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(row[1]).toBe(cast.customerA.email);
    expect(row[3]).toBe(`'=HYPERLINK("http://evil.example","Click, me")`);
    expect(row.slice(4, 9)).toEqual(['2.50', '2', '5.00', 'Pending', 'Paid']);
    expect(row[9]).toBe(`'+SUM(A1:A9) Mill Road, "Unit 4"`);
    expect(row[10]).toBe(`'-1 555 0100`);
    expect(row[12]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row[16]).toBe(`'@pi_1`);
  });

  it("exports only what the list's filters match", async () => {
    expect((await csv('?search=export%20washer&from=2026-11-01&to=2026-11-01')).rows).toHaveLength(
      EXPORT_BATCH + 6,
    );
    expect((await csv('?search=hyperlink')).rows.map((r) => r[0])).toHaveLength(2);
    expect((await csv('?status=shipped')).rows).toHaveLength(1);
  });
});
