import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@forgeline/shared/schemas/overview';
import { orders } from '../src/db/schema/index.ts';
import { getOverview } from '../src/modules/overview/service.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused, type Cast } from './support/cast.ts';
import { makeProduct, placeOrder } from './support/data.ts';

/** A fixed clock: 2026-11-20 15:00 UTC. */
const NOW = new Date('2026-11-20T15:00:00Z');
const at = (iso: string) => new Date(iso);

describe("the admin's overview: GET /api/overview, figures from the database", () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    // Flanges $2.50, gaskets $1.00; the nuts are low (40 left, minimum order 50), the washers too (5 < 10).
    const flange = await makeProduct(t.app, {
      name: 'Overview flange',
      priceCents: 250,
      availableQuantity: 10_000,
    });
    const gasket = await makeProduct(t.app, {
      name: 'Overview gasket',
      priceCents: 100,
      availableQuantity: 10_000,
    });
    await makeProduct(t.app, { name: 'Overview nut', minOrder: 50, availableQuantity: 40 });
    await makeProduct(t.app, { name: 'Overview washer', minOrder: 1, availableQuantity: 5 });
    await makeProduct(t.app, { name: 'Overview bolt', minOrder: 50, availableQuantity: 60 });

    const place = async (productId: string, quantity: number, set: Partial<typeof orders.$inferInsert>) => {
      const id = await placeOrder(t.app, cast.customerA, productId, quantity);
      await t.app.db.update(orders).set(set).where(eq(orders.id, id));
    };
    const paid = (paidAt: string, shipped = false) => ({
      paid: true,
      paidAt: at(paidAt),
      transactionId: `pi_${paidAt}`,
      status: shipped ? ('shipped' as const) : ('pending' as const),
    });
    await place(flange.id, 10, paid('2026-11-20T09:00:00Z')); // today: $25, to ship
    await place(gasket.id, 30, paid('2026-11-20T01:00:00Z', true)); // today: $30, shipped
    await place(flange.id, 4, paid('2026-11-19T23:59:00Z')); // yesterday: $10, to ship
    await place(gasket.id, 100, paid('2026-11-15T12:00:00Z', true)); // 5 days ago: $100
    await place(flange.id, 100, paid('2026-11-01T12:00:00Z', true)); // 19 days ago: $250
    await place(gasket.id, 1000, paid('2026-09-01T12:00:00Z', true)); // 80 days ago: $1,000
    await place(flange.id, 7, { createdAt: at('2026-11-20T10:00:00Z') }); // unpaid: $17.50, 7 pieces held
    await place(gasket.id, 20, { createdAt: at('2026-11-20T11:00:00Z') }); // unpaid: $20, 20 pieces held
  });
  afterAll(() => t.close());

  it('sums paid revenue today, over 7 and 30 days, and counts the work waiting', async () => {
    const overview = await getOverview(t.app, 30, NOW);
    expect(overview.revenue).toEqual({ today: 55, last7Days: 165, last30Days: 415 });
    expect(overview.toShip).toEqual({ orders: 2, value: 35 });
    expect(overview.unpaid).toEqual({ orders: 2, value: 37.5, heldPieces: 27 });
    expect(overview.lowStock.count).toBe(2);
    expect(overview.lowStock.products.map((p) => [p.name, p.available, p.minOrder])).toEqual([
      ['Overview washer', 5, 1],
      ['Overview nut', 40, 50],
    ]);
  });

  it('gives every day of the period its paid revenue, and the top products of the period', async () => {
    const month = await getOverview(t.app, 30, NOW);
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]!.day).toBe('2026-10-22');
    expect(month.daily.at(-1)).toEqual({ day: '2026-11-20', revenue: 55 });
    expect(month.daily.find((d) => d.day === '2026-11-19')!.revenue).toBe(10);
    expect(month.daily.find((d) => d.day === '2026-11-01')!.revenue).toBe(250);
    expect(month.daily.reduce((sum, d) => sum + d.revenue, 0)).toBe(415);
    expect(month.topProducts).toEqual([
      { name: 'Overview flange', revenue: 285, pieces: 114 },
      { name: 'Overview gasket', revenue: 130, pieces: 130 },
    ]);

    const quarter = await getOverview(t.app, 90, NOW);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.daily.reduce((sum, d) => sum + d.revenue, 0)).toBe(1415);
    expect(quarter.topProducts[0]).toEqual({ name: 'Overview gasket', revenue: 1130, pieces: 1130 });
  });

  it('answers admins only, for 30 or 90 days', async () => {
    await expectRefused(t.app, () => t.app.inject({ url: '/api/overview' }), 401);
    await expectRefused(
      t.app,
      () => t.app.inject({ url: '/api/overview', headers: cast.customerA.headers }),
      403,
    );
    await expectRefused(
      t.app,
      () => t.app.inject({ url: '/api/overview?days=7', headers: cast.admin.headers }),
      400,
    );
    const res = await t.app.inject({ url: '/api/overview?days=90', headers: cast.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json<Overview>();
    expect(overview.days).toBe(90);
    expect(overview.daily).toHaveLength(90);
    expect(overview.unpaid.heldPieces).toBe(27);
  });
});
