const blurbs = [
  {
    title: 'About',
    text: 'Forgeline is a manufacturer of machined, cast and fabricated parts for commercial, industrial and residential projects.',
  },
  {
    title: 'Our Mission',
    text: 'To make dependable parts available in the quantities our customers need, at a fair price per piece.',
  },
  {
    title: 'Our Goals',
    text: 'Shorter lead times, zero-defect batches and a catalogue that grows with the projects we serve.',
  },
  {
    title: 'Reliability',
    text: 'Every batch is inspected and traceable, and every order ships when we said it would.',
  },
  {
    title: 'Expertise',
    text: 'Engineers and machinists with decades of shop-floor experience design and check each part.',
  },
  {
    title: 'Quality',
    text: 'Certified materials, calibrated tools and measured tolerances on every production run.',
  },
];

/** 'Our Story' (docs/product.md §1): About, Our Mission, Our Goals, Reliability, Expertise, Quality. */
export const OurStory = () => (
  <section id="our-story" aria-labelledby="story-title" className="scroll-mt-20 py-16 sm:py-20">
    <div className="mx-auto max-w-7xl px-4">
      <header className="mb-10 text-center">
        <p className="eyebrow">Who we are</p>
        <h2 id="story-title" className="section-title mt-2">
          Our Story
        </h2>
      </header>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {blurbs.map((blurb) => (
          <article key={blurb.title} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
            <h3 className="text-lg font-bold text-primary">{blurb.title}</h3>
            <p className="mt-2 text-base-content/80">{blurb.text}</p>
          </article>
        ))}
      </div>
    </div>
  </section>
);
