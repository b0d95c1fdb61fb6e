import { ReviewBodySchema } from '@forgeline/shared/schemas/review';

/**
 * The review form's rules (docs/product.md §5) are the server's: a rating of 1 to 5, designation and text
 * required. Loaded on the form's first validation only (lib/lazy-resolver.ts).
 */
export const reviewFormSchema = ReviewBodySchema.pick({ profession: true, review: true, rating: true });
