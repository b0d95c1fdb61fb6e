import { avg, count, eq } from 'drizzle-orm';
import type { Review } from '@forgeline/shared/schemas/review';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { reviews, type ReviewRow } from '../../db/schema/index.ts';

export const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  profession: row.profession,
  review: row.body,
  img: row.imageUrl,
  rating: row.rating,
  verifiedPurchase: row.verifiedPurchase,
  productId: row.productId,
  createdAt: row.createdAt.toISOString(),
});

/** The carousel shows the newest; a page of them is plenty. */
const NEWEST_LIMIT = 50;

export type NewReview = Pick<
  ReviewRow,
  'userId' | 'name' | 'email' | 'profession' | 'body' | 'imageUrl' | 'rating' | 'verifiedPurchase'
> & { productId?: string | null };

export function createReviewsRepository(db: Executor) {
  return {
    async newest(): Promise<Review[]> {
      const rows = await db
        .select()
        .from(reviews)
        .orderBy(...newestFirst(reviews.createdAt, reviews.id))
        .limit(NEWEST_LIMIT);
      return rows.map(toReviewDto);
    },

    async newestOfProduct(productId: string): Promise<Review[]> {
      const rows = await db
        .select()
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .orderBy(...newestFirst(reviews.createdAt, reviews.id))
        .limit(NEWEST_LIMIT);
      return rows.map(toReviewDto);
    },

    /** How many reviews the part has and their mean rating (null without any). */
    async ratingOfProduct(productId: string): Promise<{ average: number | null; count: number }> {
      const [row] = await db
        .select({ average: avg(reviews.rating), count: count() })
        .from(reviews)
        .where(eq(reviews.productId, productId));
      const average = row?.average == null ? null : Math.round(Number(row.average) * 10) / 10;
      return { average, count: row?.count ?? 0 };
    },

    async insert(values: NewReview): Promise<ReviewRow> {
      const [row] = await db.insert(reviews).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}
