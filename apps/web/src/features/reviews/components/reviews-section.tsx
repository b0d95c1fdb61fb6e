import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';
import { ReviewsLoading } from './reviews-loading';

const ReviewsCarousel = lazy(() => import('./reviews-carousel'));

/**
 * 'What People Say About Us' (docs/product.md §1): an intro, then the carousel. Its code (swiper) and the
 * reviews load when the section comes near the viewport; the slot keeps its height meanwhile, so
 * nothing below moves when the slides arrive.
 */
export const ReviewsSection = () => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '300px');

  return (
    <section aria-labelledby="reviews-title" className="overflow-hidden bg-base-200 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 text-center">
        <p className="eyebrow">Reviews</p>
        <h2 id="reviews-title" className="section-title mt-2">
          What People Say About Us
        </h2>
        <p className="section-lead">
          We are a growing company that has been serving clients for many years, from single workshops to
          national contractors. Here is what some of them say about working with us.
        </p>
      </div>
      <div ref={ref} className="mx-auto mt-10 min-h-[24rem] max-w-7xl" data-testid="reviews-slot">
        {near ? (
          <Suspense fallback={<ReviewsLoading />}>
            <ReviewsCarousel />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
};
