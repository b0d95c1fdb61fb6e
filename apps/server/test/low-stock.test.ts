import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Product } from '@forgeline/shared/schemas/product';
import { outboxMessages, products } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, requestAs, type Cast } from './support/cast.ts';
import { makeProduct, orderBody } from './support/data.ts';

/** Low-stock alerts (decision 0108): one mail to each admin when an order takes a product to its line. */
describe('low-stock alerts', () => {
  let t: TestApp;
  let cast: Cast;
  let secondAdmin: TestUser;

  /** The low-stock mails each admin has, oldest first. */
  const alertsTo = async (email: string) =>
    (
      await t.app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, email))
        .orderBy(asc(outboxMessages.createdAt))
    ).filter((mail) => mail.subject.startsWith('Low stock'));

  const order = (user: TestUser, productId: string, quantity: number) =>
    requestAs(t.app, user, 'POST', '/api/order', orderBody(productId, quantity));

  const alertedAt = async (id: string) =>
    (await t.app.db.select().from(products).where(eq(products.id, id)))[0]!.lowStockAlertedAt;

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    secondAdmin = await createUser(t.app, { admin: true });
  });
  afterAll(() => t.close());

  it('mails every admin once when an order takes the stock to its line, not again while it stays low', async () => {
    const product = await makeProduct(t.app, { name: 'Alert bearing', availableQuantity: 30 });
    // 30 → 25: still above the default line of 10.
    expect((await order(cast.customerA, product.id, 5)).statusCode).toBe(201);
    expect(await alertsTo(cast.admin.email)).toHaveLength(0);

    // 25 → 10: at the line.
    expect((await order(cast.customerB, product.id, 15)).statusCode).toBe(201);
    for (const admin of [cast.admin, secondAdmin]) {
      const [alert, ...more] = await alertsTo(admin.email);
      expect(more).toHaveLength(0);
      expect(alert!.subject).toBe('Low stock: Alert bearing');
      expect(alert!.textBody).toContain('Alert bearing');
      expect(alert!.textBody).toContain('10 pcs left; low at 10 pcs');
      expect(alert!.textBody).toContain('/dashboard/manageProducts');
    }
    // Customers are not told.
    expect(await alertsTo(cast.customerB.email)).toHaveLength(0);

    // 10 → 8: still low, no second mail.
    expect((await order(cast.customerA, product.id, 2)).statusCode).toBe(201);
    expect(await alertsTo(cast.admin.email)).toHaveLength(1);
  });

  it('re-arms when an admin restocks above the line, and shows the threshold they set', async () => {
    const product = await makeProduct(t.app, { name: 'Alert gear', availableQuantity: 12 });
    expect((await order(cast.customerA, product.id, 2)).statusCode).toBe(201);
    const before = (await alertsTo(cast.admin.email)).length;
    expect(await alertedAt(product.id)).not.toBeNull();

    const restock = await requestAs(t.app, cast.admin, 'PUT', `/api/product/${product.id}`, {
      name: 'Alert gear',
      price: 2.5,
      minOrder: 1,
      availableQuantiity: 100,
      lowStockThreshold: 40,
      description: 'A part made for a test.',
      img: '/uploads/test.webp',
    });
    expect(restock.statusCode, restock.body).toBe(200);
    expect(await alertedAt(product.id)).toBeNull();
    const listed = (await requestAs(t.app, null, 'GET', `/api/purchase/${product.id}`)).json<Product>();
    expect(listed.lowStockThreshold).toBe(40);

    // 100 → 60: above the new line of 40; 60 → 40: at it, alerted again.
    expect((await order(cast.customerB, product.id, 40)).statusCode).toBe(201);
    expect(await alertsTo(cast.admin.email)).toHaveLength(before);
    expect((await order(cast.customerA, product.id, 20)).statusCode).toBe(201);
    expect(await alertsTo(cast.admin.email)).toHaveLength(before + 1);
  });

  it('re-arms when a cancel puts the stock back above the line', async () => {
    const product = await makeProduct(t.app, { name: 'Alert valve', availableQuantity: 20 });
    const placed = await order(cast.customerA, product.id, 10);
    expect(placed.statusCode).toBe(201);
    expect(await alertedAt(product.id)).not.toBeNull();
    const id = placed.json<{ insertedId: string }>().insertedId;
    expect((await requestAs(t.app, cast.customerA, 'DELETE', `/api/myOrder/${id}`)).statusCode).toBe(200);
    expect(await alertedAt(product.id)).toBeNull();
  });

  it('sends nothing for an order that is refused', async () => {
    const product = await makeProduct(t.app, { name: 'Alert bushing', availableQuantity: 12, minOrder: 1 });
    const before = (await alertsTo(cast.admin.email)).length;
    // More than the stock: refused, nothing taken, nothing sent.
    expect((await order(cast.customerA, product.id, 13)).statusCode).toBe(400);
    expect(await alertsTo(cast.admin.email)).toHaveLength(before);
    expect(await alertedAt(product.id)).toBeNull();
  });

  it('refuses a negative threshold with a message naming the field', async () => {
    const res = await requestAs(t.app, cast.admin, 'POST', '/api/product', {
      name: 'Alert washer',
      price: 0.1,
      minOrder: 1,
      availableQuantiity: 100,
      lowStockThreshold: -1,
      description: 'A part made for a test.',
      img: '/uploads/test.webp',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Low-stock alert must be 0 or more');
  });
});
