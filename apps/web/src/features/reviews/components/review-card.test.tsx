import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { Review } from '@forgeline/shared/schemas/review';
import { ReviewCard } from './review-card';

const review = (rating: number, verifiedPurchase = false): Review =>
  ({
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Ann Buyer',
    profession: 'Purchasing',
    rating,
    review: 'Parts arrived on time and fit as drawn.',
    img: '',
    verifiedPurchase,
  }) as unknown as Review;

const selectedStars = (rating: number) =>
  [...render(<ReviewCard review={review(rating)} />).container.querySelectorAll('svg[data-selected]')].map(
    (star) => star.getAttribute('data-selected') === 'true',
  );

describe('ReviewCard stars (decision 0091)', () => {
  it.each([1, 2, 3, 4, 5])('shows a rating of %i as that many selected stars, in order', (rating) => {
    expect(selectedStars(rating)).toEqual([1, 2, 3, 4, 5].map((position) => position <= rating));
  });
});

describe('ReviewCard badge', () => {
  it("shows 'Verified buyer' only on a review the server marked as from a paying customer", () => {
    const badgeOf = (verified: boolean) =>
      render(<ReviewCard review={review(5, verified)} />).container.textContent?.includes('Verified buyer');
    expect(badgeOf(true)).toBe(true);
    expect(badgeOf(false)).toBe(false);
  });
});
