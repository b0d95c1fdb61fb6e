// Order placement on PostgreSQL: the real placeOrder service (one transaction: lock the product, take
// the stock with a conditional UPDATE, insert the order, queue the mail; the mail sent after it, within
// the measured time) from many concurrent buyers, against the
// same three statements sent bare through pg. Afterwards the stock must be exactly right: every product's
// stock = its first stock - what its orders took, never below zero, and demand above stock refused.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { orders, products, users } from '../../apps/server/src/db/schema/index.ts';
import { DomainError } from '../../apps/server/src/lib/errors.ts';
import type { Actor } from '../../apps/server/src/modules/orders/access.ts';
import { placeOrder } from '../../apps/server/src/modules/orders/service.ts';
import { benchAppOnPostgres, insertBenchParts, type BenchSection, bareTransaction } from '../lib/bench.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const CONCURRENCY = 20;
const BUYERS = 200;
const PRODUCTS = 10;
/** Less stock than the orders ask for on the hottest products, so that some must be refused. */
const STOCK = Math.round((ORDERS / PRODUCTS) * 1.6);

/**
 * Runs `task(i)` for i < count, `CONCURRENCY` at a time, then waits for `settle` (the mails the orders
 * queued, sent after their answers); answers the elapsed seconds and the successes.
 */
async function concurrently(
  count: number,
  task: (i: number) => Promise<boolean>,
  settle: () => Promise<void> = async () => undefined,
) {
  let next = 0;
  let placed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        if (await task(next++)) placed += 1;
      }
    }),
  );
  await settle();
  return { seconds: (performance.now() - started) / 1000, placed };
}

const section: BenchSection = {
  title: `Order placement on PostgreSQL (${ORDERS} orders by ${BUYERS} buyers, ${CONCURRENCY} at a time, ${PRODUCTS} products)`,
  async run() {
    const bench = await benchAppOnPostgres('orders');
    const bare = new pg.Pool({ connectionString: bench.url, max: 10 });
    try {
      const { db } = bench.app;
      // Many buyers, as a shop has: one customer's orders are serialized on purpose (their unpaid
      // holds are checked with their row locked, docs/decisions/0032), so a single buyer would measure
      // that lock, not placement.
      const buyers = await db
        .insert(users)
        .values(
          Array.from({ length: BUYERS }, (_, i) => ({
            id: `bench-buyer-${i}`,
            name: `Bench Buyer ${i}`,
            email: `bench.buyer.${i}@example.com`,
            emailVerified: true,
          })),
        )
        .returning();
      const actorOf = (i: number): Actor => {
        const buyer = buyers[i % BUYERS]!;
        return { id: buyer.id, name: buyer.name, email: buyer.email, role: null };
      };
      const makeProducts = (prefix: string) => insertBenchParts(bench.app, prefix, PRODUCTS, () => STOCK);
      // Skewed demand: product 0 is asked for most, so its stock runs out mid-run.
      const pick = (i: number) => (i % 3 === 0 ? 0 : i % PRODUCTS);
      const quantityOf = (i: number) => 1 + (i % 3);

      // Baseline: the same statements, bare.
      const bareProducts = await makeProducts('Bare');
      const baseline = await concurrently(ORDERS, async (i) => {
        return bareTransaction(bare, async (client) => {
          const product = bareProducts[pick(i)]!;
          await client.query('SELECT * FROM products WHERE id = $1', [product.id]);
          const taken = await client.query(
            'UPDATE products SET available_quantity = available_quantity - $2 WHERE id = $1 AND available_quantity >= $2 RETURNING id',
            [product.id, quantityOf(i)],
          );
          if (taken.rowCount === 0) return false;
          await client.query(
            `INSERT INTO orders (user_id, product_id, customer_name, customer_email, product_name, price_cents, quantity, total_cents, address, phone)
             VALUES ($1, $2, $3, $4, $5, 125, $6, $7, '1 Bench Street', '+15550100')`,
            [
              actorOf(i).id,
              product.id,
              actorOf(i).name,
              actorOf(i).email,
              product.name,
              quantityOf(i),
              125 * quantityOf(i),
            ],
          );
          return true;
        });
      });

      const ourProducts = await makeProducts('Bench');
      const refusals = new Map<string, number>();
      const ours = await concurrently(
        ORDERS,
        async (i) => {
          const product = ourProducts[pick(i)]!;
          try {
            await placeOrder(bench.app, actorOf(i), {
              productId: product.id,
              address: '1 Bench Street',
              phone: '+15550100',
              buyQuantity: quantityOf(i),
            });
            return true;
          } catch (error) {
            // Refused (sold out, or a rule of the shop): counted by its code. Anything else is a failure.
            if (!(error instanceof DomainError)) throw error;
            refusals.set(error.code, (refusals.get(error.code) ?? 0) + 1);
            return false;
          }
          // The clock stops once every order's mail has been sent too (it goes after the answer).
        },
        bench.app.mailer.idle,
      );

      // The stock must be exactly right: first stock - the sum of what its orders took, never negative.
      const wrong: string[] = [];
      let refused = 0;
      for (const product of ourProducts) {
        const [row] = await db.select().from(products).where(eq(products.id, product.id));
        const [taken] = await db
          .select({ quantity: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
          .from(orders)
          .where(eq(orders.productId, product.id));
        if (row!.availableQuantity !== STOCK - taken!.quantity || row!.availableQuantity < 0)
          wrong.push(
            `${product.name}: stock ${row!.availableQuantity}, ${STOCK} - ${taken!.quantity} ordered`,
          );
      }
      refused = ORDERS - ours.placed;
      if (wrong.length) throw new Error(`Stock is wrong after the run:\n${wrong.join('\n')}`);
      if (refused === 0) throw new Error('No order was refused: the run did not exhaust any stock');

      const rate = ours.placed / ours.seconds;
      return [
        {
          name: 'orders placed (placeOrder service)',
          value: Math.round(rate),
          unit: 'orders/s',
          target: '≥ 300',
          met: rate >= 300,
          baseline: {
            name: 'same statements through bare pg',
            value: Math.round(baseline.placed / baseline.seconds),
          },
          note: `${ours.placed} placed by ${BUYERS} buyers, ${refused} refused (${[...refusals].map(([code, n]) => `${code} ${n}`).join(', ')}); stock exactly right on all ${PRODUCTS} products`,
        },
      ];
    } finally {
      await bare.end();
      await bench.close();
    }
  },
};

export default section;
