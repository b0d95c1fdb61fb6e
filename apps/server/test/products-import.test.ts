import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@forgeline/shared/constants';
import type { ProductImportReport } from '@forgeline/shared/schemas/product-import';
import { auditLog, products } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused, type Cast } from './support/cast.ts';
import { makeProduct, snapshot } from './support/data.ts';

const HEADER =
  'Part number,Name,Price,Stock,Minimum order,Pack size,Maximum order,Price breaks,Low-stock alert,Description,Image';

describe("the admin's products CSV: GET /api/products.csv and POST /api/products/import", () => {
  let t: TestApp;
  let cast: Cast;

  const exportCsv = async () => {
    const res = await t.app.inject({ url: '/api/products.csv', headers: cast.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const importCsv = (csv: string | Buffer, query = '?dryRun=true', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import${query}`,
      headers: { ...cast.admin.headers, 'content-type': 'text/csv', ...headers },
      payload: csv,
    });
  const productBySku = async (sku: string) =>
    (await t.app.db.select().from(products).where(eq(products.sku, sku)))[0];
  const importEntries = () => t.app.db.select().from(auditLog).where(eq(auditLog.action, 'product.imported'));

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    await makeProduct(t.app, {
      name: '=HYPERLINK("http://evil.example","Click, me")',
      sku: 'IMP-EVIL',
      priceCents: 420,
      availableQuantity: 1000,
      minOrder: 10,
      packSize: 10,
      maxOrder: 500,
      priceTiers: [
        { minQuantity: 100, priceCents: 400 },
        { minQuantity: 200, priceCents: 390 },
      ],
    });
    await makeProduct(t.app, { name: 'Plain washer', sku: 'IMP-PLAIN', priceCents: 5 });
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const csv = `${HEADER}\r\nIMP-NEW,New,1,1,1,,,,,d,/uploads/a.webp\r\n`;
    await expectRefused(t.app, () => t.app.inject({ url: '/api/products.csv' }), 401);
    await expectRefused(
      t.app,
      () => t.app.inject({ url: '/api/products.csv', headers: cast.customerA.headers }),
      403,
    );
    await expectRefused(
      t.app,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/products/import',
          headers: { 'content-type': 'text/csv' },
          payload: csv,
        }),
      401,
    );
    await expectRefused(t.app, () => importCsv(csv, '', cast.customerA.headers), 403);
  });

  it('exports every product with its rules, price breaks in one cell and formulas defused', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/forgeline-products-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    // The catalogue's columns (docs/decisions/0220), the tax category (0219), the part's discontinued
    // state with its replacement (0250), then back-orders and the lead time (0238) close the export.
    expect(header!.join(',')).toBe(
      `${HEADER},Category,Attributes,Tax category,Discontinued,Replacement part number,Back-orders,Lead time (days),Weight (g)`,
    );
    const evil = rows.find((row) => row[0] === 'IMP-EVIL')!;
    expect(evil).toEqual([
      'IMP-EVIL',
      `'=HYPERLINK("http://evil.example","Click, me")`,
      '4.20',
      '1000',
      '10',
      '10',
      '500',
      '100:4.00;200:3.90',
      '10',
      'A part made for a test.',
      '/uploads/test.webp',
      // No category, no values.
      '',
      '',
      'standard',
      // Not discontinued, no replacement.
      'no',
      '',
      // Back-orders not allowed, no lead time.
      'no',
      '',
      // Not weighed.
      '',
    ]);
    expect(rows.find((row) => row[0] === 'IMP-PLAIN')![6]).toBe('');
  });

  it('reads its own export back as unchanged, the defused formula included', async () => {
    const res = await importCsv((await exportCsv()).body);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ProductImportReport>();
    expect(report.rows.filter((row) => row.action !== 'unchanged')).toEqual([]);
    expect(report.counts.unchanged).toBe(report.counts.rows);
    expect(report.counts.refused).toBe(0);
  });

  it('saving a product with price breaks unchanged is no edit (jsonb gives its keys back reordered)', async () => {
    const product = (await productBySku('IMP-EVIL'))!;
    const res = await expectRefused(
      t.app,
      () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/product/${product.id}`,
          headers: cast.admin.headers,
          payload: {
            name: product.name,
            price: 4.2,
            minOrder: 10,
            availableQuantiity: 1000,
            description: product.description,
            img: product.imageUrl,
            priceTiers: [
              { minQuantity: 100, price: 4 },
              { minQuantity: 200, price: 3.9 },
            ],
          },
        }),
      200,
    );
    expect(res.json()).toMatchObject({ modifiedCount: 0 });
  });

  it('a dry run reports every bad row, each problem in words, and changes nothing', async () => {
    const csv = [
      HEADER,
      'IMP-PLAIN,Plain washer,0.07,100,1,,,,,A part made for a test.,/uploads/test.webp',
      'imp-a,Bracket,2.50,40,50,,,,,d,/uploads/a.webp',
      'IMP-B,Bolt,2.50,100,15,10,,,,d,/uploads/a.webp',
      'IMP-C,Nut,four,100,1,,,,,d,/uploads/a.webp',
      ',No part number,1,1,1,,,,,d,/uploads/a.webp',
      'IMP-D,Tiered,5,100,1,,,100-4.20,,d,/uploads/a.webp',
      'IMP-E,Descending?,5,100,1,,,100:4;50:3,,d,/uploads/a.webp',
      'IMP-A,Again,1,1,1,,,,,d,/uploads/a.webp',
      'IMP-F,"Quoted, with ""quotes""",1,10,1,,,,,,javascript:alert(1)',
      'IMP-G,Short row,1',
      'IMP-OK,Good one,1.25,100,10,5,50,20:1.10,3,"Multi',
      'line",/uploads/a.webp',
    ].join('\r\n');
    const res = await expectRefused(t.app, () => importCsv(csv), 200);
    const report = res.json<ProductImportReport>();
    expect(report).toMatchObject({ dryRun: true, written: false });
    const byLine = new Map(report.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)).toMatchObject({ action: 'update', changes: ['Price'], errors: [] });
    // Stock below the minimum is recorded as it is: the part reads 'on request' (decision 0188).
    expect(byLine.get(3)!.errors).toEqual([]);
    expect(byLine.get(4)!.errors).toEqual([
      'Minimum Order Quantity must be a multiple of the pack size (10).',
    ]);
    expect(byLine.get(5)!.errors).toEqual([
      "Price: 'four' is not a number (write digits, with a dot for cents: 4.20).",
    ]);
    expect(byLine.get(6)!.errors).toEqual(['Part number is required: rows are matched to products by it.']);
    expect(byLine.get(7)!.errors[0]).toMatch(/^Price breaks: '100-4.20' is not quantity:price/);
    expect(byLine.get(8)!.errors[0]).toMatch(/^Price breaks: Price break 2: quantities must go up/);
    expect(byLine.get(9)!.errors).toEqual([
      'Part number IMP-A is also on line 3: each part number once per file.',
    ]);
    expect(byLine.get(10)!.name).toBe('Quoted, with "quotes"');
    expect(byLine.get(10)!.errors).toEqual([
      'Description is required',
      'Image must be an uploaded photo or an https URL',
    ]);
    expect(byLine.get(11)!.errors[0]).toMatch(/^The row has 3 cells and the header 11/);
    expect(byLine.get(12)).toMatchObject({ sku: 'IMP-OK', action: 'create', errors: [] });
    expect(report.counts).toEqual({ rows: 11, create: 2, update: 1, unchanged: 0, refused: 8 });
  });

  it('a real run with one bad row writes nothing and answers 400 with the same report', async () => {
    const csv = [
      HEADER,
      'IMP-PLAIN,Plain washer,0.07,100,1,,,,,A part made for a test.,/uploads/test.webp',
      'IMP-BAD,Bolt,2.50,100,15,10,,,,d,/uploads/a.webp',
    ].join('\n');
    const res = await expectRefused(t.app, () => importCsv(csv, ''), 400);
    const body = res.json<{ message: string; report: ProductImportReport }>();
    expect(body.message).toBe(
      '1 of 2 rows cannot be imported; nothing was written. Correct them and import the file again.',
    );
    expect(body.report).toMatchObject({ dryRun: false, written: false });
    expect(body.report.rows[1]!.errors).toHaveLength(1);
  });

  it('a clean run creates and updates in one transaction, with one audit entry and a fresh catalogue', async () => {
    // The catalogue page is cached: the import must clear it.
    expect((await t.app.inject({ url: '/api/products?search=IMP-NEW' })).json().length ?? 0).toBe(0);
    const csv = [
      // Another order of columns, semicolons as a European spreadsheet writes them, the API's names.
      '\uFEFFsku;name;price;availableQuantiity;minOrder;description;img;priceTiers',
      'imp-new;New bracket;3.10;500;20;Made by the import;/uploads/new.webp;100:2.90',
      'IMP-PLAIN;Plain washer;0.06;80;1;A part made for a test.;/uploads/test.webp;',
      `IMP-EVIL;'=HYPERLINK("http://evil.example","Click, me");4.20;1000;10;A part made for a test.;/uploads/test.webp;100:4.00;200:3.90`,
    ].join('\n');
    // The cell with a ; in it must be quoted when ; separates: write it as a spreadsheet would.
    const quoted = csv.replace('100:4.00;200:3.90', '"100:4.00;200:3.90"');
    const before = await importEntries();
    const res = await importCsv(quoted, '?dryRun=false');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ProductImportReport>();
    expect(report).toMatchObject({ dryRun: false, written: true });
    expect(report.counts).toEqual({ rows: 3, create: 1, update: 1, unchanged: 1, refused: 0 });

    const created = await productBySku('IMP-NEW');
    expect(created).toMatchObject({
      name: 'New bracket',
      priceCents: 310,
      availableQuantity: 500,
      minOrder: 20,
      packSize: 1,
      maxOrder: null,
      lowStockThreshold: 10,
      priceTiers: [{ minQuantity: 100, priceCents: 290 }],
    });
    expect(await productBySku('IMP-PLAIN')).toMatchObject({ priceCents: 6, availableQuantity: 80 });
    expect((await productBySku('IMP-EVIL'))!.name).toBe('=HYPERLINK("http://evil.example","Click, me")');

    const entries = await importEntries();
    expect(entries).toHaveLength(before.length + 1);
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({
      actorEmail: cast.admin.email,
      subjectType: 'product',
      subjectLabel: 'CSV import: 1 added, 1 updated, 1 unchanged',
      before: { updated: { 'IMP-PLAIN': { priceCents: 5, availableQuantity: 100 } } },
      after: {
        counts: { create: 1, update: 1, unchanged: 1 },
        added: ['IMP-NEW'],
        updated: { 'IMP-PLAIN': { priceCents: 6, availableQuantity: 80 } },
      },
    });
    const listed = await t.app.inject({ url: '/api/products?search=IMP-NEW' });
    expect(listed.json<{ name: string }[]>().map((p) => p.name)).toEqual(['New bracket']);

    // The same file again changes nothing and records nothing.
    const again = await importCsv(quoted, '?dryRun=false');
    expect(again.json<ProductImportReport>().counts.unchanged).toBe(3);
    expect(await importEntries()).toHaveLength(entries.length);
  });

  it('sets a part’s tax category from its column, keeps it where the cell is empty, and names a wrong one', async () => {
    const header = `${HEADER},Tax category`;
    const row = (sku: string, tax: string) => `${sku},Tax part ${sku},1.00,10,1,,,,,d,/uploads/a.webp,${tax}`;
    const bad = await importCsv([header, row('IMP-TAX-BAD', 'zero')].join('\r\n'));
    expect(bad.json<ProductImportReport>().rows[0]!.errors).toEqual([
      "Tax category must be 'standard', 'reduced' or 'exempt'",
    ]);
    const first = await importCsv(
      [header, row('IMP-TAX-1', 'Reduced'), row('IMP-TAX-2', '')].join('\r\n'),
      '',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((await productBySku('IMP-TAX-1'))!.taxCategory).toBe('reduced');
    expect((await productBySku('IMP-TAX-2'))!.taxCategory).toBe('standard');
    // An empty cell leaves the part's own category; a new one is reported as a change of that column.
    const second = await importCsv(
      [header, row('IMP-TAX-1', ''), row('IMP-TAX-2', 'exempt')].join('\r\n'),
      '',
    );
    expect(second.statusCode, second.body).toBe(200);
    const report = second.json<ProductImportReport>();
    expect(report.rows.map((r) => [r.sku, r.action, r.changes])).toEqual([
      ['IMP-TAX-1', 'unchanged', []],
      ['IMP-TAX-2', 'update', ['Tax category']],
    ]);
    expect((await productBySku('IMP-TAX-1'))!.taxCategory).toBe('reduced');
    expect((await productBySku('IMP-TAX-2'))!.taxCategory).toBe('exempt');
  });

  it('discontinues parts from its Discontinued column with a replacement (in the shop or in the file), exports them back, and names a wrong cell', async () => {
    await makeProduct(t.app, { name: 'Bearing IMP-DSC-SHOP', sku: 'IMP-DSC-SHOP', priceCents: 100 });
    const header = `${HEADER},Discontinued,Replacement part number`;
    const row = (sku: string, discontinued: string, replacement = '') =>
      `${sku},Bearing ${sku},1.00,10,1,,,,,d,/uploads/a.webp,${discontinued},${replacement}`;
    const dry = await importCsv(
      [
        header,
        row('IMP-DSC-BAD', 'perhaps'),
        row('IMP-DSC-NOT', 'no', 'IMP-DSC-SHOP'),
        row('IMP-DSC-SELF', 'yes', 'imp-dsc-self'),
        row('IMP-DSC-NONE', 'yes', 'IMP-NOWHERE'),
      ].join('\r\n'),
    );
    expect(dry.json<ProductImportReport>().rows.map((r) => r.errors)).toEqual([
      ["Discontinued: 'perhaps' is not yes or no."],
      [
        'Replacement part number: only a discontinued part has one (write yes under Discontinued, or leave IMP-DSC-SHOP out).',
      ],
      ['Replacement part number: a part cannot replace itself.'],
      ["Replacement part number: there is no part number 'IMP-NOWHERE' in the shop or in this file."],
    ]);
    const real = await importCsv(
      [header, row('IMP-DSC-BAD', 'perhaps'), row('IMP-DSC-OK', 'yes', 'IMP-DSC-SHOP')].join('\r\n'),
      '',
    );
    expect(real.statusCode).toBe(400);
    expect(await productBySku('IMP-DSC-OK')).toBeUndefined();
    // Without the Discontinued column, a replacement means nothing: refused, not ignored.
    const orphan = await importCsv(
      [`${HEADER},Replacement part number`, `IMP-DSC-1,B,1.00,10,1,,,,,d,/uploads/a.webp,IMP-DSC-SHOP`].join(
        '\r\n',
      ),
    );
    expect(orphan.json<ProductImportReport>().rows[0]!.errors).toEqual([
      'Replacement part number: the file needs a Discontinued column, as only a discontinued part has a replacement.',
    ]);

    // A new part replaced by another new part of the same file, and an existing one by a part in the shop.
    const first = await importCsv(
      [
        header,
        row('IMP-DSC-OLD', 'yes', 'imp-dsc-new'),
        row('IMP-DSC-NEW', ''),
        row('IMP-DSC-SHOP', 'Yes', 'IMP-DSC-NEW'),
      ].join('\r\n'),
      '',
    );
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json<ProductImportReport>();
    expect(report.rows.map((r) => [r.sku, r.action, r.changes])).toEqual([
      ['IMP-DSC-OLD', 'create', []],
      ['IMP-DSC-NEW', 'create', []],
      ['IMP-DSC-SHOP', 'update', expect.arrayContaining(['Discontinued', 'Replacement part number'])],
    ]);
    const [oldPart, newPart, plain] = await Promise.all(
      ['IMP-DSC-OLD', 'IMP-DSC-NEW', 'IMP-DSC-SHOP'].map(productBySku),
    );
    expect([oldPart!.discontinued, oldPart!.replacementId]).toEqual([true, newPart!.id]);
    expect([newPart!.discontinued, newPart!.replacementId]).toEqual([false, null]);
    expect([plain!.discontinued, plain!.replacementId]).toEqual([true, newPart!.id]);
    // The buyer's page says so, from the import alone.
    const page = await t.app.inject({ url: `/api/purchase/${oldPart!.id}` });
    expect(page.json()).toMatchObject({ discontinued: true, replacedBy: { sku: 'IMP-DSC-NEW' } });

    // The export carries both columns (before the back-order ones), and reads back as unchanged.
    const exported = parse((await exportCsv()).body, { bom: true }) as string[][];
    expect(exported.find((r) => r[0] === 'IMP-DSC-OLD')!.slice(-5, -3)).toEqual(['yes', 'IMP-DSC-NEW']);
    expect(exported.find((r) => r[0] === 'IMP-DSC-NEW')!.slice(-5, -3)).toEqual(['no', '']);
    const again = await importCsv((await exportCsv()).body);
    expect(again.json<ProductImportReport>().rows.filter((r) => r.action !== 'unchanged')).toEqual([]);

    // 'no' takes the mark and the replacement off; a file without the column leaves them as they are.
    const back = await importCsv([header, row('IMP-DSC-SHOP', 'no')].join('\r\n'), '');
    expect(back.statusCode, back.body).toBe(200);
    expect(await productBySku('IMP-DSC-SHOP')).toMatchObject({ discontinued: false, replacementId: null });
    const without = await importCsv(
      [HEADER, 'IMP-DSC-OLD,Bearing IMP-DSC-OLD,1.00,10,1,,,,,d,/uploads/a.webp'].join('\r\n'),
      '',
    );
    expect(without.json<ProductImportReport>().rows[0]!.action).toBe('unchanged');
    expect(await productBySku('IMP-DSC-OLD')).toMatchObject({
      discontinued: true,
      replacementId: newPart!.id,
    });
  });

  it('refuses a file that is not a products CSV with a message, never a 500', async () => {
    const cases: [string | Buffer, RegExp][] = [
      ['', /empty|body/i],
      ['name,price\nx,1', /header row lacks 'Part number', 'Stock'/],
      [`${HEADER}\n`, /no products below it/],
      [`${HEADER}\nA,"never closed,1,1,1,,,,,d,i`, /Line 2: the file cannot be read as CSV: a quoted cell/],
      [`${HEADER}\nA,${'x'.repeat(70_000)}`, /longer than 65,536 characters/],
      [Buffer.from([0x50, 0x61, 0x72, 0x74, 0xff, 0xfe, 0xfd, 0x0a]), /not UTF-8/],
      [`${HEADER}\nA,nul\u0000,1,1,1,,,,,d,i`, /NUL/],
      ['Part number,Part number,Name,Price,Stock,Minimum order,Description,Image\n', /twice/],
    ];
    for (const [payload, message] of cases) {
      const res = await expectRefused(t.app, () => importCsv(payload, ''), 400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    // A JSON body is not the file.
    const json = await expectRefused(
      t.app,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/products/import',
          headers: cast.admin.headers,
          payload: { csv: 'x' },
        }),
      415,
    );
    expect(json.json<{ message: string }>().message).toMatch(/text\/csv/);
    const bad = await expectRefused(t.app, () => importCsv(`${HEADER}\n`, '?dryRun=maybe'), 400);
    expect(bad.json<{ message: string }>().message).toMatch(/dryRun/);
  });

  it('reads UTF-16 with its byte-order mark (Excel’s Unicode text), tab-separated', async () => {
    const text = `${HEADER.replaceAll(',', '\t')}\nIMP-PLAIN\tPlain washer\t0.06\t80\t1\t1\t\t\t10\tA part made for a test.\t/uploads/test.webp\n`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const res = await importCsv(utf16);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductImportReport>().rows[0]).toMatchObject({ action: 'unchanged', errors: [] });
  });

  it('limits the size of the file (413) and the number of rows (413), with the limits in words', async () => {
    const big = `${HEADER}\n${'x'.repeat(LIMITS.productImportBytesMax)}`;
    const tooBig = await expectRefused(t.app, () => importCsv(big), 413);
    expect(tooBig.json<{ message: string }>().message).toBe(
      'The file is too large: at most 2 MB and 5,000 products at a time. Split it into several files.',
    );
    const row = (i: number) => `P-${i},Part ${i},1,1,1,,,,,d,/uploads/a.webp`;
    const many = [HEADER, ...Array.from({ length: LIMITS.productImportRowsMax + 1 }, (_, i) => row(i))];
    const tooMany = await expectRefused(t.app, () => importCsv(many.join('\n')), 413);
    expect(tooMany.json<{ message: string }>().message).toMatch(/5,000 products/);
  });

  it('imports 5,000 rows in one go', async () => {
    const row = (i: number) => `BULK-${i},Bulk part ${i},1.50,100,1,,,,,d,/uploads/a.webp`;
    const csv = [HEADER, ...Array.from({ length: LIMITS.productImportRowsMax }, (_, i) => row(i))];
    const before = await snapshot(t.app);
    const res = await importCsv(csv.join('\n'), '?dryRun=false');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductImportReport>().counts.create).toBe(LIMITS.productImportRowsMax);
    expect((await snapshot(t.app)).products).toHaveLength(before.products.length + 5000);
  }, 60_000);
});
