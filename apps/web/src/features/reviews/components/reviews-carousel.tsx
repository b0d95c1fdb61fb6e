import type { CSSProperties } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, EffectCoverflow, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-coverflow';
import 'swiper/css/pagination';
import { CAROUSEL } from '@forgeline/shared/constants';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';
import { ReviewsLoading } from './reviews-loading';

/**
 * The reviews carousel (docs/product.md §2, §9): coverflow with the active slide centred, grab cursor,
 * pagination dots, autoplay every 2500 ms that goes on after the visitor touches it. Loaded as its own
 * chunk (swiper is big) when the section nears the viewport.
 */
const ReviewsCarousel = () => {
  const { data: reviews, isPending, isError } = useReviews();

  if (isPending) return <ReviewsLoading />;
  // docs/product.md §4: the failure state is not shown; an empty band is better than a broken one.
  if (isError || reviews.length === 0) return null;

  return (
    <Swiper
      modules={[A11y, Autoplay, EffectCoverflow, Pagination]}
      effect="coverflow"
      grabCursor
      centeredSlides
      slidesPerView="auto"
      loop={reviews.length > 3}
      speed={CAROUSEL.speedMs}
      autoplay={{ delay: CAROUSEL.autoplayDelayMs, disableOnInteraction: false }}
      coverflowEffect={{
        rotate: CAROUSEL.coverflow.rotate,
        stretch: CAROUSEL.coverflow.stretch,
        depth: CAROUSEL.coverflow.depth,
        modifier: CAROUSEL.coverflow.modifier,
        slideShadows: CAROUSEL.coverflow.slideShadows,
      }}
      pagination={{ clickable: true }}
      className="pb-12!"
      style={{ '--swiper-theme-color': 'var(--color-primary)' } as CSSProperties}
      data-testid="reviews-carousel"
    >
      {reviews.map((review) => (
        <SwiperSlide key={review._id} className="w-[17rem]! sm:w-[20rem]!">
          <ReviewCard review={review} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
};

export default ReviewsCarousel;
