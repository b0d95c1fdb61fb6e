// Catalogue search on PostgreSQL: GET /api/products?search= over 10,000 products (through the real app,
// in process: routing, validation, cache miss, SQL, serialization), each term asked once so that the
// catalogue cache never answers; against the same two queries (page + count) through bare pg.
// Terms are names and sizes, and every third one part of a part number (SKU).
import pg from 'pg';
import { products } from '../../apps/server/src/db/schema/index.ts';
import { benchAppOnPostgres, percentile, type BenchSection } from '../lib/bench.ts';

const PRODUCTS = 10_000;
const SEARCHES = 300;
const MATERIALS = ['Stainless', 'Zinc-plated', 'Brass', 'Aluminium', 'Carbon steel', 'Nylon', 'Titanium'];
const KINDS = ['hex bolt', 'flange nut', 'washer', 'bearing', 'bracket', 'shaft collar', 'spacer', 'gear'];
const SIZES = Array.from({ length: 28 }, (_, i) => `M${i + 3}`);

const nameOf = (i: number) =>
  `${MATERIALS[i % MATERIALS.length]} ${KINDS[Math.floor(i / MATERIALS.length) % KINDS.length]} ${
    SIZES[Math.floor(i / 56) % SIZES.length]
  } x ${10 + (i % 90)}`;

const skuOf = (i: number) => `FL-${String.fromCharCode(65 + (i % 26))}${String(i).padStart(5, '0')}`;

/**
 * Distinct terms: a kind with a size ('washer M12'), a size and length ('M8 x 40'), or the end of a part
 * number, typed in lower case ('c01234').
 */
const termOf = (i: number) =>
  i % 3 === 2
    ? skuOf((i * 37) % PRODUCTS)
        .slice(3)
        .toLowerCase()
    : i % 3
      ? `${KINDS[i % KINDS.length]} ${SIZES[i % SIZES.length]}`
      : `${SIZES[i % SIZES.length]} x ${10 + (i % 90)}`;

const section: BenchSection = {
  title: `Catalogue search on PostgreSQL (${PRODUCTS} products, ${SEARCHES} distinct terms)`,
  async run() {
    const bench = await benchAppOnPostgres('search');
    const bare = new pg.Pool({ connectionString: bench.url, max: 2 });
    try {
      for (let start = 0; start < PRODUCTS; start += 1000) {
        await bench.app.db.insert(products).values(
          Array.from({ length: 1000 }, (_, j) => ({
            name: nameOf(start + j),
            sku: skuOf(start + j),
            priceCents: 100 + ((start + j) % 5000),
            minOrder: 10,
            availableQuantity: 5000,
            description: 'Made to order in bulk.',
            imageUrl: '/uploads/bench.webp',
          })),
        );
      }
      await bare.query('ANALYZE products');
      const terms = [...new Set(Array.from({ length: SEARCHES * 2 }, (_, i) => termOf(i)))].slice(
        0,
        SEARCHES,
      );

      const bareTimes: number[] = [];
      for (const term of terms) {
        const like = `%${term}%`;
        const started = performance.now();
        await Promise.all([
          bare.query(
            'SELECT * FROM products WHERE name ILIKE $1 OR sku ILIKE $1 ORDER BY created_at, id LIMIT 24 OFFSET 0',
            [like],
          ),
          bare.query('SELECT count(*) FROM products WHERE name ILIKE $1 OR sku ILIKE $1', [like]),
        ]);
        bareTimes.push(performance.now() - started);
      }

      const appTimes: number[] = [];
      let matched = 0;
      for (const term of terms) {
        const started = performance.now();
        const response = await bench.app.inject({
          url: `/api/products?search=${encodeURIComponent(term)}&limit=24`,
        });
        appTimes.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`search ${term}: ${response.statusCode} ${response.body}`);
        if (Number(response.headers['x-total-count']) > 0) matched += 1;
      }
      if (matched === 0) throw new Error('No search matched anything: the bench measures nothing');

      const p95 = percentile(appTimes, 95);
      return [
        {
          name: 'search p95 (name, size or part-number term)',
          value: Number(p95.toFixed(1)),
          unit: 'ms',
          target: '≤ 30',
          met: p95 <= 30,
          baseline: {
            name: 'same queries through bare pg, p95',
            value: Number(percentile(bareTimes, 95).toFixed(1)),
          },
          note: `p50 ${percentile(appTimes, 50).toFixed(1)} ms; ${matched} of ${terms.length} terms matched`,
        },
      ];
    } finally {
      await bare.end();
      await bench.close();
    }
  },
};

export default section;
