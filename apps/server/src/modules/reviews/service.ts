import type { ProductReviews, Review, ReviewBody } from '@forgeline/shared/schemas/review';
import type { ReviewRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { ownImageOrNull } from '../auth/index.ts';
import { hasPaidOrder } from '../orders/index.ts';
import { viewOf, viewProduct, type CatalogueViewer } from '../pricing/index.ts';
import { findProduct } from '../products/index.ts';
import { createReviewsRepository } from './repository.ts';

type ReviewDeps = Pick<AppDeps, 'db'>;

/** The newest reviews of the shop and its parts (the home page's carousel). */
export async function newestReviews(deps: ReviewDeps): Promise<Review[]> {
  return createReviewsRepository(deps.db).newest();
}

/**
 * A review is written as its author: name, e-mail and photo come from the account, never from the body.
 * A review of a part is from a verified buyer when the author has paid for that part; a review of the
 * shop, when the author has paid for anything.
 */
export async function leaveReview(deps: ReviewDeps, user: AuthUser, body: ReviewBody): Promise<ReviewRow> {
  const productId = body.productId ?? undefined;
  if (
    productId !== undefined &&
    !(await viewProduct(deps.db, await viewOf(deps.db, user), await findProduct(deps.db, productId)))
  ) {
    throw notFound('Product');
  }
  return createReviewsRepository(deps.db).insert({
    userId: user.id,
    name: user.name,
    email: user.email,
    imageUrl: ownImageOrNull(user.image),
    profession: body.profession,
    body: body.review,
    rating: body.rating,
    productId: productId ?? null,
    verifiedPurchase: await hasPaidOrder(deps.db, user.id, productId),
  });
}

/** What buyers think of one part: its rating over every review, and the newest reviews. */
export async function reviewsOfProduct(
  deps: ReviewDeps,
  viewer: CatalogueViewer,
  productId: string,
): Promise<ProductReviews> {
  // A part hidden from the viewer has no reviews to read either (decision 0216).
  const seen = await viewProduct(
    deps.db,
    await viewOf(deps.db, viewer),
    await findProduct(deps.db, productId),
  );
  if (!seen) throw notFound('Product');
  const repository = createReviewsRepository(deps.db);
  const [rating, reviews] = await Promise.all([
    repository.ratingOfProduct(productId),
    repository.newestOfProduct(productId),
  ]);
  return { ...rating, reviews };
}
