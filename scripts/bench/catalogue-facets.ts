// A filtered category with counts on PostgreSQL: GET /api/catalogue?category=…&filters over 100,000 parts
// (through the real app, in process: routing, validation, the category tree, visibility, cache miss, SQL,
// pricing of the page, serialization), each page asked once so that the catalogue cache never answers;
// against the same statement through bare pg: the counts behind every value under the other filters and the
// page of parts passing them all, from the facet index (docs/decisions/0265). The two statements of 0249
// over the values table are timed bare too, for the note.
// The catalogue: 4 top categories (material, stainless) of 5 leaves each (length in mm, grade), every part
// with its 4 values; one part in 10 restricted and one in 50 discontinued, so that visibility is at work.
import pg from 'pg';
import { benchAppOnPostgres, p95Figure, p95Ms, type BenchSection } from '../lib/bench.ts';

/** 100,000 by default; BENCH_FACETS_PRODUCTS=10000 for a quick run. */
const PRODUCTS = Number(process.env.BENCH_FACETS_PRODUCTS ?? 100_000);
const PAGES = 300;
const TOPS = ['bearings', 'fasteners', 'seals', 'shafts'];
const LEAVES_PER_TOP = 5;
const LEAVES = TOPS.length * LEAVES_PER_TOP;
const MATERIALS = ['Steel', 'Stainless', 'Brass', 'Aluminium', 'Nylon', 'Titanium'];
const GRADES = ['A', 'B', 'C', 'D', 'E'];
const LENGTHS = 40;

/**
 * A part's values from m, its place in its category (n / LEAVES): length 5..200 mm in 40 steps, a grade,
 * a material, stainless or not, spread so that every combination occurs.
 */
const valuesSql = {
  length: `5 + (n / ${LEAVES} * 7 % ${LENGTHS}) * 5`,
  grade: `(array['${GRADES.join("','")}'])[1 + n / ${LEAVES * LENGTHS} % ${GRADES.length}]`,
  material: `(array['${MATERIALS.join("','")}'])[1 + n / ${LEAVES * 3} % ${MATERIALS.length}]`,
  stainless: `n / ${LEAVES} % 3 = 0`,
};

/** The filters of page i: one to three of length, grade, material, stainless; distinct for every i. */
function filtersOf(i: number): Record<string, string> {
  const filters: Record<string, string> = {};
  const low = 5 + (i % 20) * 5;
  filters.length = `${low}..${low + 20 + (i % 7) * 10}`;
  if (i % 2 === 0) filters.grade = [GRADES[i % 5], GRADES[(i + 2) % 5]].join(',');
  if (i % 3 === 0) filters.material = MATERIALS[i % MATERIALS.length]!;
  if (i % 5 === 1) filters.stainless = 'yes';
  return filters;
}

const section: BenchSection = {
  title: `A filtered category with counts on PostgreSQL (${PRODUCTS} parts in ${LEAVES} categories, ${PAGES} distinct pages)`,
  async run() {
    const bench = await benchAppOnPostgres('facets');
    const bare = new pg.Pool({ connectionString: bench.url, max: 2 });
    try {
      const leaves: { slug: string; id: string; top: string; attributes: Record<string, string> }[] = [];
      const topAttributes = new Map<string, Record<string, string>>();
      for (const [t, top] of TOPS.entries()) {
        const {
          rows: [row],
        } = await bare.query(
          `INSERT INTO categories (slug, name, position) VALUES ($1, $1, $2) RETURNING id`,
          [top, t],
        );
        const attributes = await bare.query(
          `INSERT INTO category_attributes (category_id, key, label, type, unit, options) VALUES
             ($1, 'material', 'Material', 'choice', null, $2), ($1, 'stainless', 'Stainless', 'boolean', null, '[]')
           RETURNING key, id`,
          [row.id, JSON.stringify(MATERIALS)],
        );
        topAttributes.set(top, Object.fromEntries(attributes.rows.map((a) => [a.key, a.id])));
        for (let l = 0; l < LEAVES_PER_TOP; l += 1) {
          const slug = `${top}-${l}`;
          const {
            rows: [leaf],
          } = await bare.query(
            `INSERT INTO categories (slug, name, parent_id, position) VALUES ($1, $1, $2, $3) RETURNING id`,
            [slug, row.id, l],
          );
          const own = await bare.query(
            `INSERT INTO category_attributes (category_id, key, label, type, unit, options) VALUES
               ($1, 'length', 'Length', 'number', 'mm', '[]'), ($1, 'grade', 'Grade', 'choice', null, $2)
             RETURNING key, id`,
            [leaf.id, JSON.stringify(GRADES)],
          );
          leaves.push({
            slug,
            id: leaf.id,
            top,
            attributes: Object.fromEntries(own.rows.map((a) => [a.key, a.id])),
          });
        }
      }
      // Parts numbered n = 0 … PRODUCTS-1; part n sits in leaf n % LEAVES.
      await bare.query(
        `INSERT INTO products (name, sku, price_cents, min_order, available_quantity, description, image_url,
           restricted, discontinued)
         SELECT 'Part ' || n, 'FC-' || lpad(n::text, 6, '0'), 100 + n % 5000, 10, 5000, 'Made to order.',
           '/uploads/bench.webp', n % 10 = 7, n % 50 = 11
         FROM generate_series(0, $1 - 1) AS n`,
        [PRODUCTS],
      );
      const numbered = `SELECT id, substring(sku from 4)::int AS n FROM products`;
      for (const [index, leaf] of leaves.entries()) {
        const top = topAttributes.get(leaf.top)!;
        const mine = `SELECT * FROM (${numbered}) p WHERE n % ${LEAVES} = ${index}`;
        await bare.query(
          `INSERT INTO product_categories (product_id, category_id) SELECT id, $1 FROM (${mine}) p`,
          [leaf.id],
        );
        await bare.query(
          `INSERT INTO product_attribute_values (product_id, attribute_id, number_value, text_value, boolean_value)
           SELECT id, $1::uuid, ${valuesSql.length}, null::text, null::boolean FROM (${mine}) p
           UNION ALL SELECT id, $2::uuid, null, ${valuesSql.grade}, null FROM (${mine}) p
           UNION ALL SELECT id, $3::uuid, null, ${valuesSql.material}, null FROM (${mine}) p
           UNION ALL SELECT id, $4::uuid, null, null, ${valuesSql.stainless} FROM (${mine}) p`,
          [leaf.attributes.length, leaf.attributes.grade, top.material, top.stainless],
        );
      }
      // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans read.
      await bare.query('VACUUM ANALYZE');

      const pages = Array.from({ length: PAGES }, (_, i) => ({
        leaf: leaves[i % LEAVES]!,
        filters: filtersOf(i),
      }));

      const bareTimes: number[] = [];
      const before0265: number[] = [];
      for (const { leaf, filters } of pages) {
        const top = topAttributes.get(leaf.top)!;
        const attributeIds = [top.material!, top.stainless!, leaf.attributes.length!, leaf.attributes.grade!];
        const conditions: { attributeId: string; sql: string }[] = [];
        const params: unknown[] = [leaf.id, attributeIds];
        const param = (value: unknown) => `$${params.push(value)}`;
        const [min, max] = filters.length!.split('..').map(Number) as [number, number];
        conditions.push({
          attributeId: leaf.attributes.length!,
          sql: `v.number_value >= ${param(min - 1e-4)} AND v.number_value <= ${param(max + 1e-4)}`,
        });
        if (filters.grade)
          conditions.push({
            attributeId: leaf.attributes.grade!,
            sql: `v.text_value = ANY(${param(filters.grade.split(','))})`,
          });
        if (filters.material)
          conditions.push({ attributeId: top.material!, sql: `v.text_value = ${param(filters.material)}` });
        if (filters.stainless)
          conditions.push({ attributeId: top.stainless!, sql: `v.boolean_value = true` });
        // The 0249 statements take the filters' parameters and their attributes'; the 0265 statement the
        // filters' and its own.
        const params0249 = [...params];
        const ids = conditions.map((c) => `$${params0249.push(c.attributeId)}`);
        // The statement of 0265: each attribute's value read once from the part's facet row, in its own
        // kind (material, stainless, length, grade), each filter judged on it, then one pass per attribute
        // over the rows passing its other filters; the page's values joined for its 24 rows.
        const kinds = ['text', 'boolean', 'number', 'text'] as const;
        const valueOf = (type: 'number' | 'text' | 'boolean', from: string, p: string) =>
          type === 'number'
            ? `(${from}.numbers -> ${p}::text)::float8`
            : type === 'text'
              ? `(${from}.texts ->> ${p}::text)`
              : `(${from}.booleans -> ${p}::text)::boolean`;
        const extracted = attributeIds
          .map((id, k) => `, ${valueOf(kinds[k]!, 'product_facets', param(id))} AS a${k}`)
          .join('');
        const facetFlags = conditions
          .map(
            (c, k) =>
              `, coalesce(${c.sql.replace(/v\.(number|text|boolean)_value/g, `a${attributeIds.indexOf(c.attributeId)}`)}, false) AS f${k}`,
          )
          .join('');
        const passingBut = (attributeId: string | null) =>
          conditions.flatMap((c, k) => (c.attributeId === attributeId ? [] : [`f.f${k}`])).join(' AND ') ||
          'true';
        const only = (kind: (typeof kinds)[number], k: number) =>
          kinds[k] === kind ? `f.a${k}` : `null::${kind === 'number' ? 'float8' : kind}`;
        const valueRows = attributeIds
          .map(
            (id, k) => `SELECT 'v', ${param(id)}::text, ${only('number', k)}, ${only('text', k)},
                ${only('boolean', k)}, count(*)::int FROM f WHERE ${passingBut(id)} GROUP BY 3, 4, 5
              UNION ALL `,
          )
          .join('');
        const facetStarted = performance.now();
        await bare.query(
          `WITH f AS MATERIALIZED (
             SELECT s.* ${facetFlags} FROM (
               SELECT product_id AS id, category_id, created_at ${extracted}
               FROM product_facets WHERE category_id IN ($1) AND NOT restricted AND NOT discontinued
                 AND $2::uuid[] IS NOT NULL OFFSET 0) s)
           ${valueRows}
           SELECT 'c', f.category_id::text, null::float8, null::text, null::boolean, count(*)::int
           FROM f WHERE ${passingBut(null)} GROUP BY f.category_id
           UNION ALL
           SELECT 'p', page.id::text, null::float8,
             jsonb_build_array(page.category_id, pf.numbers, pf.texts, pf.booleans)::text, null::boolean,
             page.position::int FROM (
             SELECT f.id, f.category_id, row_number() OVER (ORDER BY f.created_at, f.id) AS position FROM f
             WHERE ${passingBut(null)} ORDER BY f.created_at, f.id LIMIT 24 OFFSET 0) page
           JOIN product_facets pf ON pf.product_id = page.id`,
          params,
        );
        bareTimes.push(performance.now() - facetStarted);
        const flags = conditions
          .map((c, k) => `bool_or(v.attribute_id = ${ids[k]} AND ${c.sql}) AS f${k}`)
          .join(', ');
        const otherFilters = conditions
          .map((_, k) => `(v.attribute_id = ${ids[k]} OR coalesce(f.f${k}, false))`)
          .join(' AND ');
        const allFilters = conditions.map((_, k) => `coalesce(f.f${k}, false)`).join(' AND ');
        const started = performance.now();
        await bare.query(
          `WITH base AS MATERIALIZED (
             SELECT pc.product_id AS id, pc.category_id FROM product_categories pc JOIN products p ON p.id = pc.product_id
             WHERE pc.category_id IN ($1) AND NOT p.restricted AND NOT p.discontinued),
           vals AS MATERIALIZED (
             SELECT v.product_id, v.attribute_id, v.number_value, v.text_value, v.boolean_value
             FROM product_attribute_values v JOIN base b ON b.id = v.product_id WHERE v.attribute_id = ANY($2::uuid[])),
           flags AS (SELECT v.product_id, ${flags} FROM vals v WHERE v.attribute_id = ANY(ARRAY[${ids.join(', ')}]::uuid[])
             GROUP BY v.product_id)
           SELECT 'v', v.attribute_id::text, v.number_value, v.text_value, v.boolean_value, count(*)::int
           FROM vals v LEFT JOIN flags f ON f.product_id = v.product_id WHERE ${otherFilters}
           GROUP BY v.attribute_id, v.number_value, v.text_value, v.boolean_value
           UNION ALL
           SELECT 'c', b.category_id::text, null::float8, null::text, null::boolean, count(*)::int
           FROM base b LEFT JOIN flags f ON f.product_id = b.id WHERE ${allFilters} GROUP BY b.category_id`,
          params0249,
        );
        const exists = conditions
          .map(
            (c, k) =>
              `EXISTS (SELECT 1 FROM product_attribute_values v WHERE v.product_id = p.id AND v.attribute_id = ${ids[k]} AND ${c.sql})`,
          )
          .join(' AND ');
        await bare.query(
          `SELECT p.id FROM products p WHERE p.id IN (SELECT product_id FROM product_categories WHERE category_id = $1)
             AND NOT p.restricted AND NOT p.discontinued AND ${exists} AND $2::uuid[] IS NOT NULL
           ORDER BY p.created_at, p.id LIMIT 24`,
          params0249,
        );
        before0265.push(performance.now() - started);
      }

      const appTimes: number[] = [];
      let narrowed = 0;
      for (const { leaf, filters } of pages) {
        const query = new URLSearchParams({ category: leaf.slug, ...filters });
        const started = performance.now();
        const response = await bench.app.inject({ url: `/api/catalogue?${query}` });
        appTimes.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
        const body = response.json<{ total: number; facets: { values: unknown[] }[] }>();
        if (body.total > 0 && body.facets.every((facet) => facet.values.length > 0)) narrowed += 1;
      }
      if (narrowed === 0) throw new Error('No page matched a part: the bench measures nothing');

      return [
        p95Figure('filtered category with counts p95 (1 to 4 filters)', appTimes, {
          targetMs: 25,
          baseline: { name: 'same statement through bare pg, p95', value: p95Ms(bareTimes) },
          note: `the two statements of 0249 bare: p95 ${p95Ms(before0265)} ms; ${narrowed} of ${PAGES} pages had matches; about ${Math.round(PRODUCTS / LEAVES)} parts per category`,
        }),
      ];
    } finally {
      await bare.end();
      await bench.close();
    }
  },
};

export default section;
