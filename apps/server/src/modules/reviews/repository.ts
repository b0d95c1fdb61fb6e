import { desc } from 'drizzle-orm';
import type { Review } from '@forgeline/shared';
import type { Executor } from '../../db/client.ts';
import { reviews, type ReviewRow } from '../../db/schema/index.ts';

export const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  profession: row.profession,
  review: row.body,
  img: row.imageUrl,
  rating: row.rating,
  verifiedPurchase: row.verifiedPurchase,
  createdAt: row.createdAt.toISOString(),
});

/** The carousel shows the newest; a page of them is plenty. */
const NEWEST_LIMIT = 50;

export type NewReview = Pick<
  ReviewRow,
  'userId' | 'name' | 'email' | 'profession' | 'body' | 'imageUrl' | 'rating' | 'verifiedPurchase'
>;

export function createReviewsRepository(db: Executor) {
  return {
    async newest(): Promise<Review[]> {
      const rows = await db
        .select()
        .from(reviews)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(NEWEST_LIMIT);
      return rows.map(toReviewDto);
    },

    async insert(values: NewReview): Promise<ReviewRow> {
      const [row] = await db.insert(reviews).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}
