// Catalogue search on PostgreSQL: GET /api/products?search= over 10,000 products (through the real app,
// in process: routing, validation, cache miss, SQL, serialization), each term asked once so that the
// catalogue cache never answers; against the same query (page with its count) through bare pg.
// Terms are names and sizes, and every third one part of a part number (SKU) typed without its dash.
// The bare queries are the app's (docs/decisions/0180): contained in the name or in the part number's
// letters and digits, the exact part number first.
import pg from 'pg';
import { products } from '../../apps/server/src/db/schema/index.ts';
import { benchAppOnPostgres, p95Figure, p95Ms, type BenchSection } from '../lib/bench.ts';

/** 10,000 by default; BENCH_SEARCH_PRODUCTS=100000 measures the larger catalogue. */
const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 10_000);
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
        .replace('-', '')
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
      // A catalogue at rest, as the facets bench measures it: autovacuum merges the trigram indexes'
      // pending entries within a minute of a bulk load; until then every search reads them one by one
      // (measured: the part-number index scan 5–10 ms before, 0.3 ms after, at 100,000 parts).
      await bare.query('VACUUM ANALYZE products');
      const terms = [...new Set(Array.from({ length: SEARCHES * 2 }, (_, i) => termOf(i)))].slice(
        0,
        SEARCHES,
      );

      const bareTimes: number[] = [];
      for (const term of terms) {
        const like = `%${term}%`;
        const key = term.toUpperCase().replace(/[^A-Z0-9]/g, '');
        const started = performance.now();
        await bare.query(
          `SELECT *, count(*) OVER () FROM products WHERE name ILIKE $1 OR sku_key LIKE $2
           ORDER BY sku_key = $3 DESC, sku_key LIKE $4 DESC, created_at, id LIMIT 24 OFFSET 0`,
          [like, `%${key}%`, key, `${key}%`],
        );
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

      return [
        p95Figure('search p95 (name, size or part-number term)', appTimes, {
          targetMs: 10,
          baseline: { name: 'same query through bare pg, p95', value: p95Ms(bareTimes) },
          note: `${matched} of ${terms.length} terms matched`,
        }),
      ];
    } finally {
      await bare.end();
      await bench.close();
    }
  },
};

export default section;
