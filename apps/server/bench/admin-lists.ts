// Manage All Orders at scale: a shop of 100,000 orders on PostgreSQL, and the p95 of the admin's
// pages and searches (GET /api/orders?limit=…, measured at the service, i.e. the database's share)
// next to the 50 ms target. Not a test. Needs a PostgreSQL database of its own, which it fills:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fl_bench npm run bench
// (not yet a section of scripts/bench/: run it directly)
import { sql } from 'drizzle-orm';
import type { OrderSearchQuery } from '@forgeline/shared';
import { openDatabase } from '../src/db/client.ts';
import { orders } from '../src/db/schema/index.ts';
import { searchOrders } from '../src/modules/orders/service.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_MS = 50;

async function benchAdminLists(url: string) {
  const handle = await openDatabase({ url });
  const { db } = handle;
  try {
    const n = await db.$count(orders);
    if (n < ORDERS) {
      console.log(`generating ${ORDERS - n} orders…`);
      // Customers cycle through 5,000 names, products through 400; a third unpaid, half the paid shipped,
      // one order every five minutes back from now.
      await db.execute(sql`
        insert into orders (customer_name, customer_email, product_name, price_cents, quantity, total_cents,
                            address, phone, paid, transaction_id, status, created_at, paid_at)
        select 'Customer ' || (g % 5000), 'buyer' || (g % 5000) || '@firm' || (g % 700) || '.example',
               'Part ' || (g % 400) || ' hex bolt', 250, 1 + g % 9, 250 * (1 + g % 9),
               g || ' Industrial Way', '+44 1000 ' || g, g % 3 <> 0,
               case when g % 3 <> 0 then 'bench-tx-' || g end,
               case when g % 3 <> 0 and g % 2 = 0 then 'shipped' else 'pending' end,
               now() - (g * interval '5 minutes'), case when g % 3 <> 0 then now() - (g * interval '5 minutes') end
        from generate_series(${n + 1}::int, ${ORDERS}::int) as g`);
      // As autovacuum would: the trigram indexes' pending entries merged, the planner's figures fresh.
      await db.execute(sql`vacuum analyze orders`);
    }
    const deps = { db };
    const firstPage = await searchOrders(deps, { limit: 50 });
    const cases: [string, OrderSearchQuery & { limit: number }][] = [
      ['first page (50)', { limit: 50 }],
      ['next page by cursor', { limit: 50, cursor: firstPage.nextCursor ?? undefined }],
      ['page 200 by number', { limit: 50, page: 200 }],
      ['search one customer e-mail', { limit: 50, search: 'buyer4321@' }],
      ['search a firm (many matches)', { limit: 50, search: 'firm77.example' }],
      ['search a product name', { limit: 50, search: 'part 123 hex' }],
      ['search an order id prefix', { limit: 50, search: firstPage.orders[7]?.id.slice(0, 8) ?? '' }],
      ['paid, not shipped', { limit: 50, paid: 'true', status: 'pending' }],
      ['a week, unpaid', { limit: 50, paid: 'false', from: day(-14), to: day(-7) }],
    ];
    const rows = [];
    for (const [name, query] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        total = (await searchOrders(deps, query)).total;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
      rows.push({
        'admin orders': name,
        matches: total,
        'p50 ms': round(times[Math.floor(times.length / 2)] ?? Number.NaN),
        'p95 ms': round(p95),
        'target ms': TARGET_MS,
        ok: p95 < TARGET_MS ? 'yes' : 'NO',
      });
    }
    console.log(`\nAdmin lists on PostgreSQL, ${ORDERS} orders, ${RUNS} runs each`);
    console.table(rows);
  } finally {
    await handle.close();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database the bench may fill');
await benchAdminLists(url);
