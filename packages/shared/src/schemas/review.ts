import { z } from 'zod';
import { LIMITS, RATING_MAX, RATING_MIN } from '../constants.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

/** A review as GET /reviews shows it (newest first). `profession` is the form's 'designation'. */
export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profession: z.string(),
  review: z.string(),
  img: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  /** The reviewer has a paid order. */
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

const ratingOutOfRange = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

/**
 * POST /review (and the review form). Name, email and photo come from the session on the server; the
 * body's are ignored. No star chosen (missing, empty or 0) is the spec's 'Please give a rating…'.
 */
export const ReviewBodySchema = z.object({
  profession: requiredText(messages.designationRequired, LIMITS.professionMax),
  review: requiredText(messages.reviewRequired, LIMITS.reviewTextMax),
  rating: z.preprocess(
    (value) =>
      value === '' || value === null || value === 0
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({ error: messages.ratingRequired })
      .int(ratingOutOfRange)
      .min(RATING_MIN, ratingOutOfRange)
      .max(RATING_MAX, ratingOutOfRange),
  ),
  name: z.string().max(500).nullish(),
  email: z.string().max(500).nullish(),
  img: z.string().max(4096).nullish(),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;
