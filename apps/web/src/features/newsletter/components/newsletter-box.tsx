import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

const NewsletterForm = lazy(() => import('./newsletter-form'));

/** What shows until the form's code (react-hook-form, zod) has loaded: the same box, not yet usable. */
const Placeholder = () => (
  <div className="space-y-2" aria-hidden="true">
    <p className="text-sm">Enter your email address</p>
    <div className="join w-full">
      <div className="input join-item w-full min-w-0" />
      <div className="btn btn-accent join-item pointer-events-none">Subscribe</div>
    </div>
  </div>
);

/** The footer's Newsletter box; its form loads when the footer comes near the viewport. */
export const NewsletterBox = () => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '300px');
  return (
    <div ref={ref} data-testid="newsletter">
      {near ? (
        <Suspense fallback={<Placeholder />}>
          <NewsletterForm />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </div>
  );
};
