import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

const ContactForm = lazy(() => import('@/features/contact/components/contact-form'));

/** Badda, Dhaka: the embedded map of docs/product.md §2 (Google Maps' keyless embed). */
const MAP_URL = 'https://maps.google.com/maps?q=Badda,%20Dhaka&t=m&z=14&ie=UTF8&iwloc=&output=embed';

/** The form's frame until its code (react-hook-form, zod) has loaded: the same size, so nothing moves. */
const FormPlaceholder = () => (
  <div
    aria-hidden="true"
    className="min-h-[28rem] space-y-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
  >
    {['w-16', 'w-16', 'w-28'].map((width, index) => (
      <div key={index} className="space-y-2">
        <div className={`h-4 rounded bg-base-200 ${width}`} />
        <div className={`rounded bg-base-200 ${index === 2 ? 'h-36' : 'h-10'}`} />
      </div>
    ))}
    <div className="h-10 w-32 rounded bg-base-200" />
  </div>
);

/**
 * 'Want to Connect With Us?' (docs/product.md §2): the map on the left, 'Send Us Email' on the right. The form
 * works (docs/architecture.md §4): validated, stored, confirmed.
 */
export const ContactSection = () => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '400px');

  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4">
        <header className="mb-10 text-center">
          <p className="eyebrow">Contact</p>
          <h2 id="contact-title" className="section-title mt-2">
            Want to Connect With Us?
          </h2>
          <p className="section-lead">
            Send us your drawings, quantities and deadlines, or visit our works in Badda, Dhaka.
          </p>
        </header>
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="mb-4 text-xl font-bold">Find Us on Google Map</h3>
            <div className="h-[450px] overflow-hidden rounded-box border border-base-300 bg-base-200">
              <iframe
                title="Map of Forgeline's location in Badda, Dhaka"
                src={MAP_URL}
                width="600"
                height="450"
                loading="lazy"
                referrerPolicy="no-referrer-when-downgrade"
                className="block h-[450px] w-full border-0"
                data-testid="map"
              />
            </div>
          </div>
          <div ref={ref}>
            <h3 className="mb-4 text-xl font-bold">Send Us Email</h3>
            {near ? (
              <Suspense fallback={<FormPlaceholder />}>
                <ContactForm />
              </Suspense>
            ) : (
              <FormPlaceholder />
            )}
          </div>
        </div>
      </div>
    </section>
  );
};
