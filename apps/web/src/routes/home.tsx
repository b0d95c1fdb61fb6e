import { homeMeta } from '@/config/home-meta';
import { usePageMeta } from '@/lib/page-meta';
import { ProductsSection } from '@/features/products/components/products-grid';
import { Hero } from '@/features/home/components/hero';
import { StatisticsBand } from '@/features/home/components/statistics-band';
import { OurStory } from '@/features/home/components/our-story';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { ContactSection } from '@/features/home/components/contact-section';

/** / and /home: the sections of docs/product.md §1, in order. */
const HomeRoute = () => {
  usePageMeta(homeMeta);
  return (
    <>
      <Hero />
      <ProductsSection />
      <StatisticsBand />
      <OurStory />
      <ReviewsSection />
      <ContactSection />
    </>
  );
};

export default HomeRoute;
