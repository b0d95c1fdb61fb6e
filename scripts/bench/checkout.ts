// Checkout of 20 lines on PostgreSQL: POST /api/checkout through the real app (auth, validation,
// idempotency key, the all-or-nothing transaction that prices the lines, takes the stock of each, writes
// the checkout and one order per line, empties the cart, queues the mail), many buyers at once, each
// filling their cart with 20 parts before each checkout (not timed). The baseline sends the same stock
// and order writes bare through pg: a conditional UPDATE per line and one INSERT of the 20 orders in a
// transaction. Afterwards the stock must be exact: every product's stock = its first stock - what its
// orders took, never below zero, every placed checkout has its 20 orders, and a checkout refused for
// lack of stock took nothing.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { checkouts, orders, products } from '../../apps/server/src/db/schema/index.ts';
import { createUser, type TestUser } from '../../apps/server/test/auth-helper.ts';
import {
  benchAppOnPostgres,
  insertBenchParts,
  p95Figure,
  p95Ms,
  type BenchSection,
  bareTransaction,
} from '../lib/bench.ts';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LINES = 20;
/** Buyers: each checks out at most 20 times, under the order rate limit (30 per 10 minutes each). */
const BUYERS_PER_WORKER = Math.ceil(CHECKOUTS / CONCURRENCY / 20);
const BUYERS = CONCURRENCY * BUYERS_PER_WORKER;
/** A catalogue of 400 parts: concurrent checkouts mostly take different parts, as in a shop. */
const PRODUCTS = 400;
const PLENTY = CHECKOUTS * 10;
/** Every 4th checkout also asks for the scarce part (2 pieces): it runs out at about 80% of those. */
const SCARCE_EVERY = 4;
const SCARCE = Math.round((CHECKOUTS / SCARCE_EVERY) * 0.8) * 2;

/**
 * Runs `task(i, buyer)` for i < count, `CONCURRENCY` at a time. Each worker has its own buyers, so that
 * no two checkouts of one buyer (one cart) ever run at once. Then waits for `settle` (the mails, sent after the answers). Answers the elapsed seconds.
 */
async function concurrently(
  count: number,
  task: (i: number, buyer: number) => Promise<void>,
  settle: () => Promise<void> = async () => undefined,
) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let round = 0; next < count; round++) {
        await task(next++, worker + CONCURRENCY * (round % BUYERS_PER_WORKER));
      }
    }),
  );
  await settle();
  return (performance.now() - started) / 1000;
}

const section: BenchSection = {
  title: `Checkout of ${LINES} lines on PostgreSQL (POST /api/checkout, ${CHECKOUTS} checkouts by ${BUYERS} buyers, ${CONCURRENCY} at a time)`,
  async run() {
    // The buyers are new customers: their unpaid holds are bounded (decision 0032), far above what
    // these small checkouts hold, so the bound is checked on every checkout but never refuses one.
    const bench = await benchAppOnPostgres('checkout');
    const bare = new pg.Pool({ connectionString: bench.url, max: CONCURRENCY });
    try {
      const { app } = bench;
      const { db } = app;
      const buyers: TestUser[] = [];
      for (let i = 0; i < BUYERS; i++) buyers.push(await createUser(app, { name: `Bench Buyer ${i}` }));
      const makeProducts = (prefix: string) =>
        insertBenchParts(app, prefix, PRODUCTS, (i) => (i === 0 ? SCARCE : PLENTY));
      /** Checkout i's lines: 20 parts of its own stretch of the catalogue, the first the scarce part 0 every 4th time. */
      const linesOf = (i: number) =>
        Array.from({ length: LINES }, (_, k) =>
          k === 0 && i % SCARCE_EVERY === 0
            ? { index: 0, quantity: 2 }
            : { index: 1 + ((i * LINES + k) % (PRODUCTS - 1)), quantity: 1 + ((i + k) % 3) },
        );

      // Baseline: the stock and order writes of a 20-line checkout, bare.
      const bareProducts = await makeProducts('Bare');
      let bareRefused = 0;
      const bareTimes: number[] = [];
      const bareSeconds = await concurrently(CHECKOUTS, async (i, b) => {
        const buyer = buyers[b]!;
        // In product id order, as the app locks them: two transactions never wait for each other in a circle.
        const lines = linesOf(i)
          .map((line) => ({ ...line, product: bareProducts[line.index]! }))
          .sort((a, b) => (a.product.id < b.product.id ? -1 : 1));
        const started = performance.now();
        const placed = await bareTransaction(bare, async (client) => {
          for (const line of lines) {
            const taken = await client.query(
              'UPDATE products SET available_quantity = available_quantity - $2 WHERE id = $1 AND available_quantity >= $2 RETURNING price_cents',
              [line.product.id, line.quantity],
            );
            if (taken.rowCount === 0) return false;
          }
          await client.query(
            `INSERT INTO orders (user_id, product_id, customer_name, customer_email, product_name, price_cents, quantity, total_cents, address, phone)
             SELECT $1, p, $2, $3, n, 125, q, 125 * q, '1 Bench Street', '+15550100'
             FROM unnest($4::uuid[], $5::text[], $6::int[]) AS t(p, n, q)`,
            [
              buyer.id,
              buyer.name,
              buyer.email,
              lines.map((line) => line.product.id),
              lines.map((line) => line.product.name),
              lines.map((line) => line.quantity),
            ],
          );
          return true;
        });
        if (placed) bareTimes.push(performance.now() - started);
        else bareRefused += 1;
      });

      const ourProducts = await makeProducts('Bench');
      const inject = (
        buyer: TestUser,
        url: string,
        payload: Record<string, unknown>,
        headers: Record<string, string> = {},
      ) =>
        app.inject({
          method: 'POST',
          url,
          headers: { ...buyer.headers, ...headers },
          payload,
          // Each buyer from an address of its own, as real buyers are: the per-address write limit
          // (plugins/app/write-limits.ts) would otherwise count all 400 checkouts as one client's.
          remoteAddress: `198.51.100.${buyers.indexOf(buyer) + 1}`,
        });
      const refusals = new Map<string, number>();
      const times: number[] = [];
      let placed = 0;
      const ourSeconds = await concurrently(
        CHECKOUTS,
        async (i, b) => {
          const buyer = buyers[b]!;
          const lines = linesOf(i).map((line) => ({
            productId: ourProducts[line.index]!.id,
            quantity: line.quantity,
          }));
          // Filling the cart is the buyer's browsing, not the checkout: measured apart from it below.
          const cart = await inject(buyer, '/api/cart/lines', { lines });
          if (cart.statusCode !== 200) throw new Error(`cart: ${cart.statusCode} ${cart.body}`);
          const started = performance.now();
          const res = await inject(
            buyer,
            '/api/checkout',
            { address: '1 Bench Street', phone: '+15550100', lines },
            { 'idempotency-key': randomUUID() },
          );
          const elapsed = performance.now() - started;
          if (res.statusCode === 201) {
            placed += 1;
            times.push(elapsed);
            return;
          }
          if (res.statusCode !== 400 && res.statusCode !== 409)
            throw new Error(`checkout: ${res.statusCode} ${res.body}`);
          const { code, message } = res.json<{ code?: string; message?: string }>();
          const key = code ?? message ?? 'unknown';
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
          // What was refused stays in the cart: empty it, as a buyer would change it, for the next round.
          await app.inject({ method: 'DELETE', url: '/api/cart', headers: buyer.headers });
          // The clock stops once every checkout's mail has been sent too (it goes after the answer).
        },
        app.mailer.idle,
      );

      // Exact stock: first stock - what the placed orders took, per product, never negative.
      const wrong: string[] = [];
      for (const [index, product] of ourProducts.entries()) {
        const [row] = await db.select().from(products).where(eq(products.id, product.id));
        const [taken] = await db
          .select({ quantity: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
          .from(orders)
          .where(eq(orders.productId, product.id));
        const first = index === 0 ? SCARCE : PLENTY;
        if (row!.availableQuantity !== first - taken!.quantity || row!.availableQuantity < 0)
          wrong.push(
            `${product.name}: stock ${row!.availableQuantity}, ${first} - ${taken!.quantity} ordered`,
          );
      }
      const [counted] = await db
        .select({
          checkouts: sql<number>`count(distinct ${checkouts.id})::int`,
          lines: sql<number>`count(${orders.id})::int`,
        })
        .from(checkouts)
        .leftJoin(orders, eq(orders.checkoutId, checkouts.id));
      if (counted!.checkouts !== placed || counted!.lines !== placed * LINES)
        wrong.push(`${counted!.checkouts} checkouts with ${counted!.lines} orders for ${placed} placed`);
      if (wrong.length) throw new Error(`Stock or orders wrong after the run:\n${wrong.join('\n')}`);
      const refused = CHECKOUTS - placed;
      if (refused === 0) throw new Error('No checkout was refused: the run did not exhaust the scarce part');

      const rate = placed / ourSeconds;
      const bareRate = (CHECKOUTS - bareRefused) / bareSeconds;
      return [
        {
          name: `checkouts of ${LINES} lines placed (POST /api/checkout)`,
          value: Math.round(rate),
          unit: 'checkouts/s',
          baseline: { name: 'same stock and order writes through bare pg', value: Math.round(bareRate) },
          note: `${placed} placed (${placed * LINES} orders), ${refused} refused (${[...refusals].map(([code, n]) => `${code} ${n}`).join(', ')}); stock exact on all ${PRODUCTS} products, refused checkouts took nothing`,
        },
        p95Figure('checkout p95', times, { baseline: { name: 'bare pg p95', value: p95Ms(bareTimes) } }),
      ];
    } finally {
      await bare.end();
      await bench.close();
    }
  },
};

export default section;
