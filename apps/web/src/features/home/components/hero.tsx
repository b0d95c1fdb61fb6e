import { PRODUCTS_SECTION_ID } from '@/config/paths';
import hero768 from '@/assets/hero-768.webp';
import hero1600 from '@/assets/hero-1600.webp';

/**
 * Hero banner (docs/product.md §1): a greeting and 'Get Started', which scrolls to the products. The picture
 * is ours (apps/web/scripts/make-hero.mjs), the same one the splash of index.html shows, so it is in
 * the cache by the time this renders; a dark layer keeps the text readable.
 */
export const Hero = () => (
  <section
    aria-labelledby="hero-title"
    className="relative isolate overflow-hidden bg-neutral text-neutral-content"
  >
    <img
      src={hero1600}
      srcSet={`${hero768} 768w, ${hero1600} 1600w`}
      sizes="100vw"
      width={1600}
      height={900}
      alt=""
      fetchPriority="high"
      className="absolute inset-0 -z-20 size-full object-cover object-[72%_50%]"
    />
    <div
      aria-hidden="true"
      className="absolute inset-0 -z-10 bg-[#0b1220]/80 md:bg-transparent md:bg-[linear-gradient(90deg,rgba(11,18,32,0.94)_0%,rgba(11,18,32,0.82)_45%,rgba(11,18,32,0.25)_100%)]"
    />
    <div className="mx-auto flex min-h-[30rem] max-w-7xl flex-col items-start justify-center gap-6 px-4 py-16 sm:min-h-[34rem] sm:py-24 lg:min-h-[38rem]">
      <p className="eyebrow text-amber-300!">Parts manufacturer</p>
      <h1
        id="hero-title"
        className="max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl"
      >
        Welcome to Forgeline
      </h1>
      <p className="max-w-2xl text-base text-slate-200 sm:text-xl">
        We manufacture precision parts for commercial, industrial and residential projects, and ship them in
        bulk, on time.
      </p>
      <div className="flex flex-wrap gap-3">
        <a href={`#${PRODUCTS_SECTION_ID}`} className="btn btn-accent btn-lg">
          Get Started
        </a>
        <a
          href="#contact"
          className="btn btn-lg btn-outline border-white/60 text-white hover:border-white hover:bg-white/10"
        >
          Request a quote
        </a>
      </div>
    </div>
  </section>
);
