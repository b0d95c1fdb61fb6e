import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyPricing,
  CustomerGroup,
  PriceExplanation,
  PriceListDetail,
  PriceListImportReport,
  PriceListSummary,
  ProductAccess,
} from '@forgeline/shared/schemas/price-list';
import { seedDemoAccounts } from '../src/db/seed/accounts.ts';
import { auditLog, companies, priceListItems, priceLists, products } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct } from './support/data.ts';

/** The shop admin's price lists, customer groups and part visibility (decision 0217). */
describe('price lists, customer groups and part visibility (admin)', () => {
  let t: TestApp;
  let shop: TestUser;
  let buyer: TestUser;
  let companyId: string;
  let partA: { id: string; sku: string };
  let partB: { id: string; sku: string };
  const year = new Date().getUTCFullYear();

  const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);
  const csv = (user: TestUser | null, url: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(user?.headers ?? {}), 'content-type': 'text/csv' },
      payload: text,
    });
  const refused = (status: number, method: Method, url: string, payload?: unknown) =>
    expectRefused(t.app, () => call(shop, method, url, payload), status);
  const rows = async () => {
    const [lists] = await t.app.db.select({ n: count() }).from(priceLists);
    const [items] = await t.app.db.select({ n: count() }).from(priceListItems);
    return { lists: lists!.n, items: items!.n };
  };

  async function newList(name: string, extra: Record<string, unknown> = {}): Promise<PriceListDetail> {
    const res = await call(shop, 'POST', '/api/price-lists', {
      name,
      validFrom: `${year}-01-01`,
      validTo: `${year + 1}-12-31`,
      percentOff: 30,
      ruleScope: 'all',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PriceListDetail>();
  }

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createUser(t.app, { admin: true });
    buyer = await createUser(t.app);
    const created = await call(shop, 'POST', '/api/companies', {
      name: 'Demo Pumps Ltd',
      billingAddress: '1 Works Road, Leeds',
      country: 'GB',
    });
    expect(created.statusCode, created.body).toBe(201);
    companyId = created.json<{ id: string }>().id;
    const a = await makeProduct(t.app, {
      sku: 'PL-A-100',
      priceCents: 1000,
      priceTiers: [{ minQuantity: 10, priceCents: 900 }],
    });
    const b = await makeProduct(t.app, { sku: 'PL-B-200', priceCents: 500 });
    partA = { id: a.id, sku: a.sku };
    partB = { id: b.id, sku: b.sku };
  });
  afterAll(() => t.close());

  it('creates, lists, reads, edits and deletes a list, each change audited', async () => {
    const list = await newList('Crud list', { percentOff: 12.5 });
    expect(list).toMatchObject({ name: 'Crud list', percentOff: 12.5, itemCount: 0, assignmentCount: 0 });
    const [stored] = await t.app.db.select().from(priceLists).where(eq(priceLists.id, list.id));
    expect(stored?.percentOffBasisPoints).toBe(1250);

    const all = await call(shop, 'GET', '/api/price-lists');
    expect(all.json<PriceListSummary[]>().map((row) => row.name)).toContain('Crud list');

    const edited = await call(shop, 'PUT', `/api/price-lists/${list.id}`, {
      name: 'Crud list 2',
      validFrom: null,
      validTo: null,
      percentOff: null,
      ruleScope: 'listed',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<PriceListDetail>()).toMatchObject({ name: 'Crud list 2', percentOff: null });

    const item = await call(shop, 'PUT', `/api/price-lists/${list.id}/items`, {
      sku: partA.sku.toLowerCase(),
      price: 8.5,
      tiers: [{ minQuantity: 10, price: 8 }],
    });
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json<PriceListDetail>().items).toEqual([
      expect.objectContaining({ sku: partA.sku, price: 8.5, tiers: [{ minQuantity: 10, price: 8 }] }),
    ]);
    const removed = await call(shop, 'DELETE', `/api/price-lists/${list.id}/items/${partA.id}`);
    expect(removed.statusCode).toBe(204);

    const deleted = await call(shop, 'DELETE', `/api/price-lists/${list.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(shop, 'GET', `/api/price-lists/${list.id}`)).statusCode).toBe(404);
    const actions = (
      await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, list.id))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'price_list.created',
        'price_list.edited',
        'price_list.item_set',
        'price_list.item_removed',
        'price_list.deleted',
      ]),
    );
  });

  it('refuses bad terms, prices and breaks with a 400 naming the rule, saving nothing', async () => {
    const list = await newList('Refusals');
    const before = await rows();
    const base = { name: 'Bad list', validFrom: null, validTo: null, percentOff: 10, ruleScope: 'all' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ validFrom: `${year}-06-01`, validTo: `${year}-05-31` }, /Valid to must be on or after valid from/],
      [{ percentOff: 0 }, /more than 0/],
      [{ percentOff: 100 }, /less than 100/],
      [{ percentOff: 12.345 }, /at most 2 decimals/],
      [{ validFrom: '2027-02-30' }, /YYYY-MM-DD/],
    ];
    for (const [change, message] of cases) {
      const res = await refused(400, 'POST', '/api/price-lists', { ...base, ...change });
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const duplicate = await refused(409, 'POST', '/api/price-lists', { ...base, name: 'refusals' });
    expect(duplicate.json<{ message: string }>().message).toMatch(/already exists/);

    const items: [Record<string, unknown>, RegExp][] = [
      [{ price: -1 }, /more than 0/],
      [{ price: 0 }, /more than 0/],
      [{ price: 1.005 }, /2 decimals/],
      [
        {
          price: 5,
          tiers: [
            { minQuantity: 50, price: 4 },
            { minQuantity: 10, price: 3 },
          ],
        },
        /must go up/,
      ],
      [{ price: 5, tiers: [{ minQuantity: 10, price: 6 }] }, /not be more than the price before/],
      [{ price: null, tiers: [{ minQuantity: 10, price: 4 }] }, /need a price/],
    ];
    for (const [change, message] of items) {
      const res = await refused(400, 'PUT', `/api/price-lists/${list.id}/items`, {
        sku: partA.sku,
        tiers: [],
        ...change,
      });
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    await refused(404, 'PUT', `/api/price-lists/${list.id}/items`, { sku: 'NO-SUCH-PART', price: 1 });
    await refused(404, 'GET', '/api/price-lists/not-a-uuid');
    await refused(404, 'PUT', '/api/price-lists/7b0e5bde-4a0f-4c69-9b8a-6b6d2b0c0a11', base);
    await refused(404, 'POST', `/api/price-lists/${list.id}/assignments`, {
      companyId: '7b0e5bde-4a0f-4c69-9b8a-6b6d2b0c0a11',
    });
    await refused(404, 'POST', `/api/price-lists/${list.id}/assignments`, { groupId: 'nope' });
    expect(await rows()).toEqual(before);
  });

  it('a dry run changes nothing; the real import writes exactly what it said', async () => {
    const list = await newList('Import list', { percentOff: null });
    await call(shop, 'PUT', `/api/price-lists/${list.id}/items`, { sku: partB.sku, price: 4 });
    const file = [
      'Part number,Name,Price,Price breaks',
      `${partA.sku},ignored,9.50,"10:9.00;50:8.50"`,
      `${partB.sku},,4.00,`,
    ].join('\r\n');
    const before = await rows();
    const dry = await csv(shop, `/api/price-lists/${list.id}/import?dryRun=true`, file);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json<PriceListImportReport>();
    expect(report.counts).toEqual({ rows: 2, create: 1, update: 0, unchanged: 1, refused: 0 });
    expect(await rows()).toEqual(before);

    const real = await csv(shop, `/api/price-lists/${list.id}/import`, file);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json<PriceListImportReport>().rows).toEqual(report.rows);
    expect((await rows()).items).toBe(before.items + 1);
    const detail = (await call(shop, 'GET', `/api/price-lists/${list.id}`)).json<PriceListDetail>();
    expect(detail.items.find((item) => item.sku === partA.sku)).toMatchObject({
      price: 9.5,
      tiers: [
        { minQuantity: 10, price: 9 },
        { minQuantity: 50, price: 8.5 },
      ],
    });

    const exported = await call(shop, 'GET', `/api/price-lists/${list.id}/items.csv`);
    expect(exported.body).toContain(`${partA.sku},`);
    expect(exported.body).toContain('10:9.00;50:8.50');
  });

  it('refuses a file with an unknown part, a bad price or bad breaks, naming the row, writing nothing', async () => {
    const list = await newList('Bad import');
    const file = [
      'Part number,Price,Price breaks',
      `${partA.sku},0,`,
      'NOPE-1,2.00,',
      `${partB.sku},4.00,10:5.00`,
      `${partA.sku},abc,`,
    ].join('\n');
    const res = await expectRefused(t.app, () => csv(shop, `/api/price-lists/${list.id}/import`, file), 400);
    const report = res.json<{ report: PriceListImportReport }>().report;
    expect(report.counts.refused).toBe(4);
    expect(report.rows[0]).toMatchObject({ line: 2, errors: [expect.stringMatching(/more than 0/)] });
    expect(report.rows[1]?.errors[0]).toMatch(/no part 'NOPE-1'/);
    expect(report.rows[2]?.errors[0]).toMatch(/Price break 1: the price must not be more/);
    expect(report.rows[3]?.errors.join(' ')).toMatch(/also on line 2/);
  });

  it('groups, assignments and the explanation of a company’s price', async () => {
    const group = await call(shop, 'POST', '/api/customer-groups', { name: 'Distributors' });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json<CustomerGroup>().id;
    await refused(409, 'POST', '/api/customer-groups', { name: 'distributors' });
    const set = await call(shop, 'PUT', `/api/companies/${companyId}/group`, { groupId });
    expect(set.json<CompanyPricing>().group?.name).toBe('Distributors');

    const list = await newList('Distributor', { percentOff: 30 });
    const given = await call(shop, 'POST', `/api/price-lists/${list.id}/assignments`, {
      groupId,
      priority: 1,
    });
    expect(given.statusCode, given.body).toBe(201);
    const fixed = await newList('Special A', { percentOff: null, ruleScope: 'listed' });
    await call(shop, 'PUT', `/api/price-lists/${fixed.id}/items`, { sku: partA.sku, price: 6.5 });
    const direct = await call(shop, 'POST', `/api/price-lists/${fixed.id}/assignments`, {
      companyId,
      priority: 0,
    });
    const assignmentId = direct.json<PriceListDetail>().assignments[0]!.id;

    // Priority 1 (the group's 30 % off) beats priority 0 (the company's fixed price).
    const explain = await call(shop, 'GET', `/api/companies/${companyId}/prices/${partA.sku}?quantity=12`);
    expect(explain.statusCode, explain.body).toBe(200);
    expect(explain.json<PriceExplanation>()).toMatchObject({
      listPrice: 10,
      price: 7,
      tiers: [{ minQuantity: 10, price: 6.3 }],
      source: { kind: 'price-list', listName: 'Distributor', basis: 'percent-off', percentOff: 30 },
      breakInForce: { minQuantity: 10, price: 6.3 },
      unitPrice: 6.3,
      visible: true,
    });
    await call(shop, 'PATCH', `/api/price-lists/${fixed.id}/assignments/${assignmentId}`, { priority: 5 });
    const now = (
      await call(shop, 'GET', `/api/companies/${companyId}/prices/${partA.id}`)
    ).json<PriceExplanation>();
    expect(now).toMatchObject({ price: 6.5, source: { listName: 'Special A', basis: 'fixed' } });
    expect(now.considered.map((row) => row.listName)).toEqual(['Special A', 'Distributor']);

    const groups = (await call(shop, 'GET', '/api/customer-groups')).json<CustomerGroup[]>();
    expect(groups.find((row) => row.id === groupId)?.companies).toEqual([
      { id: companyId, name: 'Demo Pumps Ltd' },
    ]);
  });

  it('sets who may see a part', async () => {
    const put = await call(shop, 'PUT', `/api/products/${partB.id}/access`, {
      restricted: true,
      allow: [{ kind: 'company', id: companyId }],
      deny: [],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ProductAccess>()).toEqual({
      restricted: true,
      allow: [{ kind: 'company', id: companyId, name: 'Demo Pumps Ltd' }],
      deny: [],
    });
    await refused(404, 'PUT', `/api/products/${partB.id}/access`, {
      restricted: true,
      allow: [{ kind: 'group', id: '7b0e5bde-4a0f-4c69-9b8a-6b6d2b0c0a11' }],
    });
    await refused(400, 'PUT', `/api/products/${partB.id}/access`, {
      restricted: false,
      allow: [{ kind: 'company', id: companyId }],
      deny: [{ kind: 'company', id: companyId }],
    });
    const explain = (
      await call(shop, 'GET', `/api/companies/${companyId}/prices/${partB.sku}`)
    ).json<PriceExplanation>();
    expect(explain.visible).toBe(true);
  });

  it('answers 401 to a visitor and 403 to a customer on every route, changing nothing', async () => {
    const list = await newList('Guarded');
    const id = list.id;
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/price-lists'],
      ['POST', '/api/price-lists', { name: 'x', percentOff: 5 }],
      ['GET', `/api/price-lists/${id}`],
      ['PUT', `/api/price-lists/${id}`, { name: 'x', percentOff: 5 }],
      ['DELETE', `/api/price-lists/${id}`],
      ['PUT', `/api/price-lists/${id}/items`, { sku: partA.sku, price: 1 }],
      ['DELETE', `/api/price-lists/${id}/items/${partA.id}`],
      ['GET', `/api/price-lists/${id}/items.csv`],
      ['POST', `/api/price-lists/${id}/import?dryRun=true`, {}],
      ['POST', `/api/price-lists/${id}/assignments`, { companyId }],
      ['PATCH', `/api/price-lists/${id}/assignments/${id}`, { priority: 1 }],
      ['DELETE', `/api/price-lists/${id}/assignments/${id}`],
      ['GET', '/api/customer-groups'],
      ['POST', '/api/customer-groups', { name: 'x' }],
      ['PATCH', `/api/customer-groups/${id}`, { name: 'x' }],
      ['DELETE', `/api/customer-groups/${id}`],
      ['GET', `/api/companies/${companyId}/pricing`],
      ['PUT', `/api/companies/${companyId}/group`, { groupId: null }],
      ['GET', `/api/companies/${companyId}/prices/${partA.sku}`],
      ['GET', `/api/products/${partA.id}/access`],
      ['PUT', `/api/products/${partA.id}/access`, { restricted: false }],
    ];
    for (const [method, url, payload] of routes) {
      await expectRefused(t.app, () => call(null, method, url, payload), 401);
      await expectRefused(t.app, () => call(buyer, method, url, payload), 403);
    }
  });
});

describe('the demo’s contract terms', () => {
  it('puts Demo Industries in Distributors, at 30 % off, and shows it alone the custom flange', async () => {
    const t = await buildTestApp({ seed: true });
    try {
      await seedDemoAccounts(t.app.db, t.app.auth);
      await seedDemoAccounts(t.app.db, t.app.auth); // made once: a second start changes nothing
      const admin = await createUser(t.app, { admin: true });
      const [company] = await t.app.db
        .select()
        .from(companies)
        .where(eq(companies.name, 'Demo Industries Inc.'));
      const pricing = await requestAs(t.app, admin, 'GET', `/api/companies/${company!.id}/pricing`);
      expect(pricing.json<CompanyPricing>()).toMatchObject({
        group: { name: 'Distributors' },
        lists: [{ name: 'Distributor 2027', percentOff: 30, heldBy: 'group' }],
      });
      const flange = await requestAs(t.app, admin, 'GET', `/api/companies/${company!.id}/prices/DI-7-FLANGE`);
      expect(flange.json<PriceExplanation>()).toMatchObject({
        listPrice: 84.5,
        price: 59.15,
        visible: true,
        source: { listName: 'Distributor 2027', percentOff: 30 },
      });
      const [part] = await t.app.db.select().from(products).where(eq(products.sku, 'DI-7-FLANGE'));
      const access = await requestAs(t.app, admin, 'GET', `/api/products/${part!.id}/access`);
      expect(access.json<ProductAccess>()).toEqual({
        restricted: true,
        allow: [{ kind: 'company', id: company!.id, name: 'Demo Industries Inc.' }],
        deny: [],
      });
    } finally {
      await t.close();
    }
  });
});
