import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, products } from '../src/db/schema/index.ts';
import { csvCell, csvDocument, csvStream, fromCsvCell, type CsvValue } from '../src/lib/csv.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, requestAs, type Cast } from './support/cast.ts';
import { makeProduct, placeOrder } from './support/data.ts';

/**
 * Every CSV the shop writes goes through one writer (lib/csv.ts). Read back with a real CSV parser, no
 * cell may start what a spreadsheet runs as a formula, no field may spill into another cell or record,
 * and the text must come back as it was written.
 */

/** What a spreadsheet would evaluate: a formula character first (after blanks), or a control first. */
const RUNS_AS_FORMULA = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const isSafe = (cell: string) => !RUNS_AS_FORMULA.test(cell) || PLAIN_NUMBER.test(cell);

/** Text built from the characters that break CSV files and start formulas, and ordinary ones. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '=',
        '+',
        '-',
        '@',
        '\t',
        '\r',
        '\n',
        '\r\n',
        '\v',
        '\f',
        '\u0085',
        '\u2028',
        '\u2029',
        '"',
        "'",
        ',',
        ';',
        ' ',
        '\uff1d',
        'cmd|"/c calc"!A1',
        'HYPERLINK("http://evil.example","x")',
      ),
      fc.string({ maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const readBack = (text: string) => parse(text, { bom: true, relax_column_count: false }) as string[][];

describe('the CSV writer', () => {
  it('passes a source that fails half-way to the stream it answers (an error to handle, never a crash)', async () => {
    async function* failing() {
      yield ['1', 'first'];
      throw new Error('database went away');
    }
    const stream = csvStream(['no', 'name'], failing());
    const read = async () => {
      for await (const _chunk of stream) void _chunk;
    };
    await expect(read()).rejects.toThrow('database went away');
  });

  it('writes every generated hostile field so that it reads back whole, as text, never as a formula', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.oneof(hostileText, fc.integer(), fc.constant(null)), { minLength: 3, maxLength: 3 }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        async (records: CsvValue[][]) => {
          const header = ['a', 'b', 'c'];
          const streamed = await streamToText(csvStream(header, toAsync(records), { bom: true }));
          for (const text of [csvDocument(header, records), streamed]) {
            const rows = readBack(text);
            expect(rows).toHaveLength(records.length + 1);
            rows.slice(1).forEach((row, i) => {
              expect(row).toHaveLength(3);
              row.forEach((cell, j) => {
                expect(isSafe(cell), JSON.stringify(cell)).toBe(true);
                const value = records[i]![j];
                expect(fromCsvCell(cell)).toBe(value === null ? '' : String(value));
              });
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps plain numbers as numbers and marks formulas with one apostrophe', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('  @SUM(A1)')).toBe("'  @SUM(A1)");
    expect(csvCell("'=1+1")).toBe("''=1+1");
    expect(fromCsvCell("''=1+1")).toBe("'=1+1");
    expect(csvCell("'plain")).toBe("'plain");
  });
});

describe('every export of the shop, fed hostile fields', () => {
  let t: TestApp;
  let cast: Cast;
  const hostile = fc.sample(
    hostileText.filter((text) => text.trim() !== ''),
    { numRuns: 6, seed: 2026 },
  );

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    // A product whose name and description are hostile, ordered by customer A with a hostile address.
    const product = await makeProduct(t.app, {
      name: hostile[0]!,
      priceCents: 1000,
      availableQuantity: 1000,
    });
    await t.app.db.update(products).set({ description: hostile[1]! }).where(eq(products.id, product.id));
    const orderId = await placeOrder(t.app, cast.customerA, product.id, 2);
    await t.app.db
      .update(orders)
      .set({
        address: hostile[2]!,
        phone: hostile[3]!,
        customerName: hostile[4]!,
        transactionId: hostile[5]!,
      })
      .where(eq(orders.id, orderId));
    // An invoice on terms whose PO reference and customer name are hostile.
    const terms = await requestAs(t.app, cast.admin, 'PATCH', `/api/users/${cast.customerB.id}/terms`, {
      terms: { termsDays: 30, creditLimit: 10_000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const cart = await requestAs(t.app, cast.customerB, 'POST', '/api/cart/lines', {
      lines: [{ productId: product.id, quantity: 3 }],
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const checkout = await requestAs(t.app, cast.customerB, 'POST', '/api/checkout', {
      address: '12 Foundry Lane, Sheffield',
      phone: '+44 114 496 0000',
      paymentMethod: 'invoice',
      poReference: 'PO-1',
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    await t.app.db
      .update(checkouts)
      .set({ poReference: hostile[2]!, customerName: hostile[4]! })
      .where(eq(checkouts.userId, cast.customerB.id));
    t.app.catalogueCache.invalidate();
  });
  afterAll(() => t.close());

  const exports = [
    { url: '/api/myOrders.csv', as: 'customerA' as const, carries: [0, 5] },
    { url: '/api/orders.csv', as: 'admin' as const, carries: [0, 2, 3, 4, 5] },
    { url: '/api/products.csv', as: 'admin' as const, carries: [0, 1] },
    { url: '/api/termsInvoices.csv', as: 'admin' as const, carries: [2, 4] },
  ];

  for (const { url, as, carries } of exports) {
    it(`${url}: every cell reads back as text and the hostile fields arrive whole`, async () => {
      const res = await requestAs(t.app, cast[as], 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const rows = readBack(res.body);
      const width = rows[0]!.length;
      const cells = rows.flat();
      for (const row of rows) expect(row).toHaveLength(width);
      for (const cell of cells) expect(isSafe(cell), `${url}: ${JSON.stringify(cell)}`).toBe(true);
      const values = new Set(cells.map(fromCsvCell));
      for (const index of carries)
        expect(values, `${url} carries ${JSON.stringify(hostile[index])}`).toContain(hostile[index]);
    });
  }
});

async function* toAsync<T>(items: readonly T[]) {
  yield* items;
}

async function streamToText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}
