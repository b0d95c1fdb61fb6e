import { homeMeta } from '@/config/home-meta';
import { usePageMeta } from '@/lib/page-meta';
import { lazyContent } from '@/lib/lazy-content';
import { ServerMarkup } from '@/components/ui/server-markup';
import { ProductsSection } from '@/features/products/components/products-grid';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { ContactSection } from '@/features/home/components/contact-section';

// Text and pictures that never change (decision 0285): kept from the server's page on arrival.
const staticSections = () => import('@/features/home/components/static-sections');
const Hero = lazyContent(() => staticSections().then((sections) => ({ default: sections.Hero })));
const AboutUs = lazyContent(() =>
  staticSections().then(({ StatisticsBand, OurStory }) => ({
    default: () => (
      <>
        <StatisticsBand />
        <OurStory />
      </>
    ),
  })),
);

/** / and /home: the sections of docs/product.md §1, in order. */
const HomeRoute = () => {
  usePageMeta(homeMeta);
  return (
    <>
      <ServerMarkup
        id="home-hero"
        Content={Hero}
        fallback={<div className="min-h-[30rem] bg-neutral sm:min-h-[34rem] lg:min-h-[38rem]" />}
      />
      <ProductsSection />
      <ServerMarkup id="home-about" Content={AboutUs} fallback={null} />
      <ReviewsSection />
      <ContactSection />
    </>
  );
};

export default HomeRoute;
