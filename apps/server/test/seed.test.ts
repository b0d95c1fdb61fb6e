import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { products, reviews, taxRates } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';
import { DEMO_TAX_RATES, seedDemoTaxRates } from '../src/db/seed/tax.ts';
import { LocalImageStore } from '../src/plugins/app/images.ts';
import { createProductsRepository } from '../src/modules/products/repository.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demo data on the embedded database', () => {
  it('seeds an empty database once, keeps data across restarts, and never seeds on top of it', async () => {
    const images = new LocalImageStore(path.join(dir, 'uploads'));
    const first = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    expect(await seedDemoData(first.db, images)).toBe(true);
    const seeded = await first.db.select().from(products);
    expect(seeded.length).toBeGreaterThanOrEqual(9);
    const seededReviews = await first.db.select().from(reviews);
    expect(seededReviews.length).toBeGreaterThanOrEqual(6);
    // Some demo reviews are of a part, so its product page has reviews to show.
    const bearing = seeded.find((product) => product.sku === 'FL-BRG-6204');
    expect(seededReviews.filter((review) => review.productId === bearing?.id)).toHaveLength(1);
    // The owner's own product, written before the restart.
    await createProductsRepository(first.db).insert({
      name: 'Owner Product',
      priceCents: 1234,
      minOrder: 1,
      availableQuantity: 10,
      description: 'Written before the restart.',
      imageUrl: '/uploads/x.webp',
    });
    // The demo tax rates (decision 0231): once, into the demo database only.
    expect(await seedDemoTaxRates(first.db)).toBe(true);
    const rates = await first.db.select().from(taxRates);
    expect(rates).toHaveLength(DEMO_TAX_RATES.length);
    expect(rates.find((rate) => rate.region === 'IL' && rate.category === 'standard')?.rateBasisPoints).toBe(
      625,
    );
    expect(await seedDemoTaxRates(first.db)).toBe(false);
    await first.close();

    const second = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    expect(await seedDemoData(second.db, images)).toBe(false);
    const after = await second.db.select().from(products);
    expect(after).toHaveLength(seeded.length + 1);
    expect(after.map((p) => p.name)).toContain('Owner Product');

    // Even with every product deleted, the demo data does not come back.
    await second.db.delete(products);
    expect(await seedDemoData(second.db, images)).toBe(false);
    expect(await second.db.select().from(products)).toHaveLength(0);
    await second.close();
    // Two databases migrated from nothing and the demo photos resized: 6 s alone, 16 s beside CI's other
    // runs, over 30 s on a busy machine.
  }, 120_000);

  it('refuses stock below zero in the database itself', async () => {
    const handle = await openDatabase({ memory: true });
    const repository = createProductsRepository(handle.db);
    const row = await repository.insert({
      name: 'Bolt',
      priceCents: 10,
      minOrder: 1,
      availableQuantity: 5,
      description: 'd',
      imageUrl: '/uploads/b.webp',
    });
    expect(await repository.takeStock(row.id, 6)).toBeUndefined();
    expect((await repository.takeStock(row.id, 5))?.availableQuantity).toBe(0);
    expect(await repository.takeStock(row.id, 1)).toBeUndefined();
    await handle.close();
  });
});
