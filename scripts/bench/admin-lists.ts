// Manage All Orders at scale: a shop of 100,000 orders (20,000 checkouts with PO references) on
// PostgreSQL, and the p95 of the admin's pages and searches (GET /api/orders?limit=…, measured at the
// service: the database's share) next to the 50 ms target. The baseline is the specification's unpaged
// GET /api/orders (every order, read a page at a time as it streams), timed once in the same run.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { OrderSearchQuery } from '@forgeline/shared/schemas/order-search';
import { exportOrders, searchOrders } from '../../apps/server/src/modules/orders/service.ts';
import { benchAppOnPostgres, p95Figure, type BenchSection, type Figure } from '../lib/bench.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CHECKOUTS = Math.max(1, Math.floor(ORDERS / 5));
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_MS = 50;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const section: BenchSection = {
  title: `Admin order list on PostgreSQL (${ORDERS} orders, ${RUNS} runs a case)`,
  async run() {
    const bench = await benchAppOnPostgres('admin');
    try {
      // Customers cycle through 5,000 names, products through 400; a third unpaid, half the paid shipped,
      // one order every five minutes back from now; five orders a checkout, each checkout with a PO.
      // Written through a connection of its own: filling 100,000 rows and their trigram indexes may take
      // longer than the app's statement timeout allows one request.
      const setup = new pg.Client({ connectionString: bench.url });
      await setup.connect();
      const dialect = new PgDialect();
      const fill = (query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return setup.query(text, params);
      };
      await fill(sql`
        insert into checkouts (id, customer_name, customer_email, po_reference, address, phone, total_cents, line_count, created_at)
        select md5('co' || g)::uuid, 'Customer ' || (g % 5000), 'buyer' || (g % 5000) || '@firm' || (g % 700) || '.example',
               'PO-' || (40000 + g), g || ' Industrial Way', '+44 1000 ' || g, 1250, 5, now() - (g * 5 * interval '5 minutes')
        from generate_series(1, ${CHECKOUTS}::int) as g`);
      await fill(sql`
        insert into orders (checkout_id, customer_name, customer_email, product_name, price_cents, quantity, total_cents,
                            address, phone, paid, transaction_id, status, created_at, paid_at)
        select md5('co' || (1 + (g - 1) / 5))::uuid, 'Customer ' || (g % 5000),
               'buyer' || (g % 5000) || '@firm' || (g % 700) || '.example',
               'Part ' || (g % 400) || ' hex bolt', 250, 1 + g % 9, 250 * (1 + g % 9),
               g || ' Industrial Way', '+44 1000 ' || g, g % 3 <> 0,
               case when g % 3 <> 0 then 'bench-tx-' || g end,
               case when g % 3 <> 0 and g % 2 = 0 then 'shipped' else 'pending' end,
               now() - (g * interval '5 minutes'), case when g % 3 <> 0 then now() - (g * interval '5 minutes') end
        from generate_series(1, ${ORDERS}::int) as g`);
      // As autovacuum would: the trigram indexes' pending entries merged, the planner's figures fresh.
      await fill(sql`vacuum analyze orders`);
      await fill(sql`vacuum analyze checkouts`);
      await setup.end();

      const started = performance.now();
      let everything = 0;
      for await (const batch of exportOrders(bench.app, {})) everything += batch.length;
      const unpaged = performance.now() - started;

      const deps = bench.app;
      const firstPage = await searchOrders(deps, { limit: 50 });
      const someOrder = firstPage.orders[7]!;
      const cases: [string, OrderSearchQuery & { limit: number }][] = [
        ['first page (50)', { limit: 50 }],
        ['next page by cursor', { limit: 50, cursor: firstPage.nextCursor ?? undefined }],
        ['page 200 by number', { limit: 50, page: 200 }],
        ['search one customer e-mail', { limit: 50, search: 'buyer4321@' }],
        ['search a firm (many matches)', { limit: 50, search: 'firm77.example' }],
        ['search a product name', { limit: 50, search: 'part 123 hex' }],
        ['search an order id prefix', { limit: 50, search: someOrder.id.slice(0, 8) }],
        ['search an order number', { limit: 50, search: someOrder.number }],
        ['search a PO reference', { limit: 50, search: 'PO-41234' }],
        ['paid, not shipped', { limit: 50, paid: 'true', status: 'pending' }],
        ['a week, unpaid', { limit: 50, paid: 'false', from: day(-14), to: day(-7) }],
      ];
      const figures: Figure[] = [];
      for (const [name, query] of cases) {
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < RUNS; i++) {
          const start = performance.now();
          total = (await searchOrders(deps, query)).total;
          times.push(performance.now() - start);
        }
        if (name.startsWith('search') && total === 0)
          throw new Error(`${name}: no match, the bench measures nothing`);
        figures.push(
          p95Figure(`${name}, p95`, times, {
            targetMs: TARGET_MS,
            ...(figures.length === 0 && {
              baseline: {
                name: `unpaged list of all ${everything} orders, once`,
                value: Math.round(unpaged),
              },
            }),
            note: `${total} matches`,
          }),
        );
      }
      return figures;
    } finally {
      await bench.close();
    }
  },
};

export default section;
