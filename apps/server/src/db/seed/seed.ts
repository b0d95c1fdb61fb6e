import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { ImageStore } from '../../plugins/app/images.ts';
import type { Database } from '../client.ts';
import { appMeta, products, reviews } from '../schema/index.ts';
import { seedCatalogue } from './catalogue.ts';
import { demoProducts, demoReviews } from './demo-data.ts';
import { partSvg } from './part-images.ts';

const SEEDED_KEY = 'demo_data_seeded_at';

/**
 * Seeds the demo catalogue and reviews once, on the first start of an empty database. A marker row makes
 * it happen once even when several instances start together, and never again after the owner has
 * deleted the demo products.
 */
export async function seedDemoData(db: Database, images: ImageStore): Promise<boolean> {
  const [{ existing } = { existing: 0 }] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(products);
  if (existing > 0) return false;

  // Render outside the transaction: it is the slow part, and harmless to repeat. One picture per kind
  // of part: products of a kind share it (the same bytes would otherwise be written at once, twice).
  const kinds = [...new Set(demoProducts.map((product) => product.kind))];
  const urlOfKind = new Map(
    await Promise.all(kinds.map(async (kind) => [kind, await renderProductImage(kind, images)] as const)),
  );
  const imageUrls = demoProducts.map((product) => urlOfKind.get(product.kind));

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;

    // Ascending creation times keep the catalogue in the order written above.
    const base = Date.now() - demoProducts.length * 1000;
    const inserted = await tx
      .insert(products)
      .values(
        demoProducts.map(({ kind: _kind, ...product }, index) => ({
          ...product,
          imageUrl: imageUrls[index] ?? null,
          createdAt: new Date(base + index * 1000),
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const idOfSku = new Map(inserted.map((product) => [product.sku, product.id]));
    await seedCatalogue(tx, idOfSku);
    await tx.insert(reviews).values(
      demoReviews.map(({ body, sku, ...review }, index) => ({
        ...review,
        body,
        productId: sku === undefined ? null : (idOfSku.get(sku) ?? null),
        createdAt: new Date(base - (demoReviews.length - index) * 86_400_000),
      })),
    );
    return true;
  });
}

/**
 * A kind's picture, 800 px wide, and its 400 px thumbnail beside it under the names the pages know
 * (`thumbnailOf` in packages/shared): phones and the home grid's columns load the thumbnail.
 */
async function renderProductImage(kind: Parameters<typeof partSvg>[0], images: ImageStore): Promise<string> {
  const svg = Buffer.from(partSvg(kind));
  const [webp, thumbnail] = await Promise.all([
    sharp(svg).resize(800, 600).webp({ quality: 82 }).toBuffer(),
    sharp(svg).resize(400, 300).webp({ quality: 75 }).toBuffer(),
  ]);
  const name = `demo-${kind}-${createHash('sha1').update(webp).digest('hex').slice(0, 10)}-800w`;
  const [url] = await Promise.all([
    images.put(`${name}.webp`, webp, 'image/webp'),
    images.put(`${name}-thumb.webp`, thumbnail, 'image/webp'),
  ]);
  return url;
}
