import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickOrderCheckResponse } from '@forgeline/shared/schemas/cart';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { SavedList } from '@forgeline/shared/schemas/company';
import type { Order } from '@forgeline/shared/schemas/order';
import type { PartNumber, PartNumberImportReport } from '@forgeline/shared/schemas/part-numbers';
import { auditLog, customerPartNumbers, invoices, orders, products } from '../src/db/schema/index.ts';
import type { ProductRow } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCompany } from './support/companies.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, orderBody, snapshot } from './support/data.ts';
import { pdfText } from './support/pdf.ts';

const delivery = { address: '18 Foundry Lane, Pittsburgh', phone: '+1 555 0142' };

/**
 * A company's own part numbers (docs/decisions/0218): a company admin keeps them, every member reads
 * them, buyers order by them (quick order, the cart), and the number is frozen on the order line and
 * printed with ours on the CSV exports and the invoice.
 */
describe("customers' own part numbers", () => {
  let t: TestApp;
  let shop: TestUser;
  let admin: TestUser;
  let buyer: TestUser;
  let outsider: TestUser;
  let loner: TestUser;
  let bolt: ProductRow;
  let nut: ProductRow;
  let washer: ProductRow;
  let companyId: string;

  const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);
  const put = (user: TestUser, customerPartNumber: string, sku: string) =>
    call(user, 'PUT', '/api/company/partNumbers', { customerPartNumber, sku });
  const importCsv = (user: TestUser, csv: string, dryRun: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/company/partNumbers/import?dryRun=${dryRun}`,
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
  const list = async (user: TestUser) => {
    const res = await call(user, 'GET', '/api/company/partNumbers');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PartNumber[]>();
  };

  const companyWith = (name: string, members: [TestUser, string][]) =>
    createCompany(t.app, shop, { name, country: 'GB' }, members);

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createUser(t.app, { admin: true });
    admin = await createUser(t.app, { name: 'Ada Admin' });
    buyer = await createUser(t.app, { name: 'Bo Buyer' });
    outsider = await createUser(t.app, { name: 'Olu Outsider' });
    loner = await createUser(t.app, { name: 'Lee Loner' });
    bolt = await makeProduct(t.app, { sku: 'PN-BOLT-1', name: 'Hex bolt M12', priceCents: 100 });
    nut = await makeProduct(t.app, { sku: 'PN-NUT-2', name: 'Hex nut M12', priceCents: 50 });
    washer = await makeProduct(t.app, { sku: 'PN-WASHER-3', name: 'Washer M12', priceCents: 10 });
    companyId = await companyWith('Acme Pumps Inc.', [
      [admin, 'admin'],
      [buyer, 'buyer'],
    ]);
    await companyWith('Other Ltd', [[outsider, 'admin']]);
    const terms = await call(shop, 'PATCH', `/api/companies/${companyId}/terms`, {
      terms: { termsDays: 30, creditLimit: 10000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
  });
  afterAll(() => t.close());

  it('lets the company admin add, replace and remove numbers, audited; members read them, others do not', async () => {
    const added = await put(admin, ' ACME-4711 ', 'pn-bolt-1');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      customerPartNumber: 'ACME-4711',
      sku: 'PN-BOLT-1',
      productId: bolt.id,
      productName: 'Hex bolt M12',
    });
    expect((await put(admin, 'ACME-0815', 'PN-NUT-2')).statusCode).toBe(200);
    // The part's number is replaced, not added to.
    expect((await put(admin, 'ACME 4711-B', 'PN-BOLT-1')).statusCode).toBe(200);
    expect((await list(buyer)).map((row) => [row.customerPartNumber, row.sku])).toEqual([
      ['ACME-0815', 'PN-NUT-2'],
      ['ACME 4711-B', 'PN-BOLT-1'],
    ]);

    // Writes are the company admin's; a buyer reads only.
    const refused = await expectRefused(t.app, () => put(buyer, 'B-1', 'PN-WASHER-3'), 403);
    expect(refused.json().message).toBe('Only a company admin can change the company’s part numbers.');
    await expectRefused(t.app, () => call(buyer, 'DELETE', `/api/company/partNumbers/${nut.id}`), 403);
    await expectRefused(
      t.app,
      () => importCsv(buyer, 'customerPartNumber,sku\nB-1,PN-WASHER-3\n', false),
      403,
    );
    // Another company's member sees their own (none); someone without a company has no such page.
    expect(await list(outsider)).toEqual([]);
    expect((await call(loner, 'GET', '/api/company/partNumbers')).statusCode).toBe(404);
    await expectRefused(t.app, () => put(loner, 'X-1', 'PN-BOLT-1'), 404);

    const removed = await call(admin, 'DELETE', `/api/company/partNumbers/${nut.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expectRefused(t.app, () => call(admin, 'DELETE', `/api/company/partNumbers/${nut.id}`), 404);
    await expectRefused(t.app, () => call(admin, 'DELETE', '/api/company/partNumbers/nope'), 404);
    expect((await list(admin)).map((row) => row.sku)).toEqual(['PN-BOLT-1']);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, companyId), like(auditLog.action, 'part_number.%')));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'part_number.removed',
      'part_number.set',
      'part_number.set',
      'part_number.set',
    ]);
    expect(entries.every((entry) => entry.actorEmail === admin.email)).toBe(true);
  });

  it('treats a part hidden from the company as no part of ours', async () => {
    const secret = await makeProduct(t.app, { sku: 'PN-SECRET-4', name: 'Secret part' });
    await t.app.db.update(products).set({ restricted: true }).where(eq(products.id, secret.id));
    const refused = await expectRefused(t.app, () => put(admin, 'ACME-SECRET', 'PN-SECRET-4'), 400);
    expect(refused.json().message).toBe("There is no part number 'PN-SECRET-4' in our catalogue.");
    // A number stored before the part was hidden is not listed, and does not resolve in quick order.
    await t.app.db
      .insert(customerPartNumbers)
      .values({ companyId, productId: secret.id, partNumber: 'ACME-S' });
    expect((await list(admin)).map((row) => row.sku)).not.toContain('PN-SECRET-4');
    const check = await call(buyer, 'POST', '/api/quick-order/check', { text: 'ACME-S 1' });
    expect(check.json<QuickOrderCheckResponse>().lines[0]!.productId).toBeNull();
    await t.app.db.delete(customerPartNumbers).where(eq(customerPartNumbers.productId, secret.id));
  });

  it('refuses a bad mapping with a 400 that names the rule, saving nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['', 'PN-NUT-2', /Customer part number is required/],
      ['   ', 'PN-NUT-2', /Customer part number is required/],
      ['X'.repeat(61), 'PN-NUT-2', /at most 60 characters/],
      ['--', 'PN-NUT-2', /at least one letter or digit/],
      ['ACME-9', 'PN-NOPE', /There is no part number 'PN-NOPE' in our catalogue/],
      // The same number by its key (upper-case letters and digits): already the bolt's.
      ['acme4711b', 'PN-NUT-2', /'acme4711b' is already your number for part PN-BOLT-1/],
      ['PN-WASHER-3', 'PN-NUT-2', /is our part number of another part \(Washer M12\)/],
    ];
    for (const [number, sku, message] of cases) {
      const res = await expectRefused(t.app, () => put(admin, number, sku), 400);
      expect(res.json().message, `${number} → ${sku}`).toMatch(message);
    }
  });

  it('imports a CSV: a dry run changes nothing; a bad row is refused naming its line and rule, nothing saved', async () => {
    const good =
      'Customer part number,Part number,Name\r\nACME-0815,pn-nut-2,Hex nut\r\nACME-4711-B,PN-BOLT-1,\r\n';
    const before = await snapshot(t.app);
    const dry = await importCsv(admin, good, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json<PartNumberImportReport>();
    expect(report).toMatchObject({
      dryRun: true,
      written: false,
      counts: { rows: 2, create: 1, update: 1, unchanged: 0, refused: 0 },
    });
    expect(report.rows[1]).toMatchObject({ line: 3, action: 'update', previous: 'ACME 4711-B' });
    expect(await snapshot(t.app)).toEqual(before);

    const bad: [string, RegExp][] = [
      [
        'customerPartNumber,sku\nA-1,PN-NUT-2\na1,PN-WASHER-3\n',
        /^Line 3: .*'a1' is also on line 2 for part PN-NUT-2/,
      ],
      ['customerPartNumber,sku\nA-1,PN-NOPE\n', /^Line 2: There is no part number 'PN-NOPE'/],
      [
        'customerPartNumber,sku\nA-1,PN-NUT-2\nA-2,pn-nut-2\n',
        /^Line 3: Part PN-NUT-2 is also on line 2: one number per part/,
      ],
      ['customerPartNumber,sku\n,PN-NUT-2\n', /^Line 2: Customer part number is required/],
      [`customerPartNumber,sku\n${'Y'.repeat(61)},PN-NUT-2\n`, /^Line 2: Customer part number: at most 60/],
      // Against a stored row: the bolt keeps 'ACME 4711-B' unless the file renumbers it.
      ['customerPartNumber,sku\nACME-4711-B,PN-NUT-2\n', /^Line 2: .*already your number for part PN-BOLT-1/],
      ['sku\nPN-NUT-2\n', /lacks 'Customer part number'/],
    ];
    for (const [csv, message] of bad) {
      const res = await expectRefused(t.app, () => importCsv(admin, csv, false), 400);
      expect(res.json().message, csv).toMatch(message);
      expect(res.json().message, csv).not.toContain('undefined');
    }
    // A file that renumbers the bolt may give its old number to the nut: checked as a whole.
    const swap = await importCsv(
      admin,
      'customerPartNumber,sku\nACME 4711-B,PN-NUT-2\nACME-4712,PN-BOLT-1\n',
      true,
    );
    expect(swap.statusCode, swap.body).toBe(200);

    const real = await importCsv(admin, good, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json<PartNumberImportReport>()).toMatchObject({
      written: true,
      counts: { create: 1, update: 1 },
    });
    expect((await list(admin)).map((row) => [row.customerPartNumber, row.sku])).toEqual([
      ['ACME-0815', 'PN-NUT-2'],
      ['ACME-4711-B', 'PN-BOLT-1'],
    ]);
    const imported = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, companyId), eq(auditLog.action, 'part_number.imported')));
    expect(imported).toHaveLength(1);

    const csv = await call(buyer, 'GET', '/api/company/partNumbers.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Customer part number,Part number,Name',
      'ACME-0815,PN-NUT-2,Hex nut M12',
      'ACME-4711-B,PN-BOLT-1,Hex bolt M12',
      '',
    ]);
  });

  it("quick order and the cart take the company's numbers as well as ours; another company's do not resolve", async () => {
    await put(outsider, 'OTHER-77', 'PN-WASHER-3');
    const check = await call(buyer, 'POST', '/api/quick-order/check', {
      text: 'acme-0815, 10\nPN-BOLT-1 5\n"ACME 4711 B";2\nOTHER-77 3',
    });
    expect(check.statusCode, check.body).toBe(200);
    const lines = check.json<QuickOrderCheckResponse>().lines;
    expect(
      lines.map((l) => [l.sku, l.productId, l.customerPartNumber ?? null, l.problem?.rule ?? null]),
    ).toEqual([
      ['PN-NUT-2', nut.id, 'ACME-0815', null],
      ['PN-BOLT-1', bolt.id, null, null],
      ['PN-BOLT-1', bolt.id, 'ACME 4711 B', null],
      ['OTHER-77', null, null, 'unknown'],
    ]);

    // Ours wins when a code is both (a number stored before it became one of ours).
    await t.app.db
      .insert(customerPartNumbers)
      .values({ companyId, productId: washer.id, partNumber: 'PN-BOLT-1' });
    const both = await call(buyer, 'POST', '/api/quick-order/check', { text: 'PN-BOLT-1 1' });
    expect(both.json<QuickOrderCheckResponse>().lines[0]!.productId).toBe(bolt.id);
    await t.app.db
      .delete(customerPartNumbers)
      .where(and(eq(customerPartNumbers.companyId, companyId), eq(customerPartNumbers.productId, washer.id)));

    const added = await call(buyer, 'POST', '/api/cart/lines', {
      lines: [
        { sku: 'Acme-0815', quantity: 4 },
        { sku: 'pn-bolt-1', quantity: 1 },
        { sku: 'ACME-4711-B', quantity: 2 },
        { sku: 'OTHER-77', quantity: 1 },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json<Cart>();
    expect(cart.lines.map((line) => [line.sku, line.quantity]).sort()).toEqual([
      ['PN-BOLT-1', 3],
      ['PN-NUT-2', 4],
    ]);
    expect(cart.skipped).toEqual([
      { index: 3, input: 'OTHER-77', message: "There is no part number 'OTHER-77'." },
    ]);
    // The outsider's own number works for the outsider.
    const theirs = await call(outsider, 'POST', '/api/cart/lines', {
      lines: [{ sku: 'other 77', quantity: 1 }],
    });
    expect(theirs.json<Cart>().lines.map((line) => line.sku)).toEqual(['PN-WASHER-3']);
  });

  it("saved lists take parts by the company's numbers or ours, and show the company's", async () => {
    const saved = await call(buyer, 'POST', '/api/company/lists', {
      name: 'Monthly restock',
      lines: [
        { sku: 'acme-0815', quantity: 2 },
        { sku: 'PN-BOLT-1', quantity: 1 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<SavedList>().lines.map((l) => [l.productId, l.customerPartNumber, l.quantity])).toEqual(
      [
        [nut.id, 'ACME-0815', 2],
        [bolt.id, 'ACME-4711-B', 1],
      ],
    );
    // Another company's number, or the same part twice by both numbers: refused, nothing saved.
    const foreign = await expectRefused(
      t.app,
      () =>
        call(buyer, 'POST', '/api/company/lists', { name: 'X', lines: [{ sku: 'OTHER-77', quantity: 1 }] }),
      400,
    );
    expect(foreign.json().details).toEqual({ 'lines.0': "There is no part number 'OTHER-77'." });
    const twice = await expectRefused(
      t.app,
      () =>
        call(buyer, 'POST', '/api/company/lists', {
          name: 'Y',
          lines: [
            { sku: 'ACME-4711-B', quantity: 1 },
            { productId: bolt.id, quantity: 1 },
          ],
        }),
      400,
    );
    expect(twice.json().details).toEqual({ 'lines.1': 'This part is on the list already.' });
  });

  it('freezes the number on the order line, and shows both numbers in the CSV export and on the invoice', async () => {
    const placed = await call(buyer, 'POST', '/api/checkout', {
      ...delivery,
      paymentMethod: 'invoice',
      poReference: 'PO-77',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const checkout = placed.json<Checkout>();
    expect(checkout.orders.map((o) => [o.productName, o.customerPartNumber]).sort()).toEqual([
      ['Hex bolt M12', 'ACME-4711-B'],
      ['Hex nut M12', 'ACME-0815'],
    ]);
    // A later change of the mapping leaves the placed line as it was.
    expect((await put(admin, 'ACME-9999', 'PN-BOLT-1')).statusCode).toBe(200);
    const rows = await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
    expect(rows.map((row) => row.customerPartNumber).sort()).toEqual(['ACME-0815', 'ACME-4711-B']);
    const mine = await call(buyer, 'GET', `/api/myOrders?email=${encodeURIComponent(buyer.email)}`);
    expect(
      mine
        .json<Order[]>()
        .map((o) => o.customerPartNumber)
        .sort(),
    ).toEqual(['ACME-0815', 'ACME-4711-B']);

    // The spec's one-part order of a company member keeps it too.
    const single = await call(buyer, 'POST', '/api/order', orderBody(nut.id, 1));
    expect(single.statusCode, single.body).toBe(201);
    const [one] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, single.json<{ insertedId: string }>().insertedId));
    expect(one!.customerPartNumber).toBe('ACME-0815');

    const csv = (await call(buyer, 'GET', '/api/myOrders.csv')).body;
    expect(csv.split('\r\n')[0]).toMatch(/,Part number,Customer part number$/);
    expect(csv).toMatch(/,PN-BOLT-1,ACME-4711-B\r\n/);
    const adminCsv = (await call(shop, 'GET', '/api/orders.csv')).body;
    expect(adminCsv).toMatch(/,PN-NUT-2,ACME-0815\r\n/);

    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.checkoutId, checkout._id));
    const pdf = await call(buyer, 'GET', `/api/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // Part numbers have a column of their own, ours and the buyer's each on a line, never split.
    expect(text).toContain('Part no.');
    expect(text).toContain('PN-BOLT-1');
    expect(text).toContain('Yours: ACME-4711-B');
    expect(text).toContain('Yours: ACME-0815');
  });
});
