import { DAY_MS } from '@forgeline/shared/dates';
import { toDollars } from '@forgeline/shared/money';
import type { Overview } from '@forgeline/shared/schemas/overview';
import type { AppDeps } from '../../lib/deps.ts';
import { createOverviewRepository } from './repository.ts';

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The admin overview (GET /api/overview): revenue, work waiting, stock at risk, the paid revenue of each
 * day of the last `days` days (UTC) and the top products of that period. Read from the database on each
 * call; `now` is a parameter so that tests can fix the clock.
 */
export async function getOverview(
  deps: Pick<AppDeps, 'db' | 'config'>,
  days: number,
  now = new Date(),
): Promise<Overview> {
  const repository = createOverviewRepository(deps.db);
  const startOfToday = new Date(`${utcDay(now)}T00:00:00Z`);
  const firstDay = new Date(startOfToday.getTime() - (days - 1) * DAY_MS);
  const [totals, low, daily, top] = await Promise.all([
    repository.totals(now, startOfToday),
    repository.lowStock(),
    repository.dailyRevenue(firstDay),
    repository.topProducts(firstDay),
  ]);
  const byDay = new Map(daily.map((row) => [row.day, row.cents]));
  return {
    asOf: now.toISOString(),
    days,
    revenue: {
      today: toDollars(totals.todayCents),
      last7Days: toDollars(totals.last7Cents),
      last30Days: toDollars(totals.last30Cents),
      // A shop that charges no tax shows none.
      ...(deps.config.taxSeller && {
        tax: {
          today: toDollars(totals.taxTodayCents),
          last7Days: toDollars(totals.tax7Cents),
          last30Days: toDollars(totals.tax30Cents),
        },
      }),
    },
    toShip: { orders: totals.toShip, value: toDollars(totals.toShipCents) },
    unpaid: { orders: totals.unpaid, value: toDollars(totals.unpaidCents), heldPieces: totals.heldPieces },
    lowStock: {
      count: low.count,
      products: low.products.map((p) => ({
        _id: p.id,
        name: p.name,
        available: p.available,
        minOrder: p.minOrder,
      })),
    },
    daily: Array.from({ length: days }, (_, i) => {
      const day = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
      return { day, revenue: toDollars(byDay.get(day) ?? 0) };
    }),
    topProducts: top.map((row) => ({ name: row.name, revenue: toDollars(row.cents), pieces: row.pieces })),
  };
}
