import { z } from 'zod';
import { fromFormField } from '../form-number.ts';
import { LIMITS, RATING_MAX, RATING_MIN } from '../constants.ts';
import { messages } from '../messages.ts';
import { MULTI_LINE, notMultiLine, requiredText, singleLineText } from './common.ts';

/**
 * A review as GET /reviews shows it (newest first). `profession` is the form's 'designation'. The spec's
 * review carries the reviewer's e-mail; a public answer never does (docs/decisions/0150): the name and
 * 'Verified buyer' say who wrote it, and the address stays in the database for the shop.
 */
export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  profession: z.string(),
  review: z.string(),
  img: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  /** The reviewer has a paid order (of this part, for a review of a part). */
  verifiedPurchase: z.boolean(),
  /** The part reviewed, for a review written from its product page. */
  productId: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

const ratingOutOfRange = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

/**
 * POST /review (and the review form). Name, email and photo come from the session on the server; the
 * body's are ignored. No star chosen (missing, empty or 0) is the spec's 'Please give a rating…'.
 */
export const ReviewBodySchema = z.object({
  profession: singleLineText('Designation', messages.designationRequired, LIMITS.professionMax),
  review: requiredText(messages.reviewRequired, LIMITS.reviewTextMax).regex(
    MULTI_LINE,
    notMultiLine('The review'),
  ),
  rating: z.preprocess(
    (value) => (value === 0 ? undefined : fromFormField(undefined)(value)),
    z
      .number({ error: messages.ratingRequired })
      .int(ratingOutOfRange)
      .min(RATING_MIN, ratingOutOfRange)
      .max(RATING_MAX, ratingOutOfRange),
  ),
  name: z.string().max(500).nullish(),
  email: z.string().max(500).nullish(),
  img: z.string().max(4096).nullish(),
  /** Reviews this part (its product page lists it); without it, a review of the shop. */
  productId: z.string().max(100).nullish(),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/** GET /product/:id/reviews: what buyers think of one part. */
export const ProductReviewsSchema = z.object({
  /** Mean rating over every review of the part, one decimal; null when there is none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** The newest of them. */
  reviews: z.array(ReviewSchema),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;
