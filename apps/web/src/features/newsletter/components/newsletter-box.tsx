import { lazy, startTransition, Suspense, useRef, useState, type RefObject } from 'react';

const NewsletterForm = lazy(() => import('./newsletter-form'));

/**
 * What the form takes over from the plain box when it arrives: what was typed, and a submit; without one,
 * the field had the focus (the only other way to hand over), so the form's field takes it.
 */
export type NewsletterHandOver = { email: string; submit: boolean };

/** The box as plain HTML: the form's label, field and button, which do nothing but call for the form. */
const PlainBox = ({
  typedRef,
  onTouched,
}: {
  typedRef: RefObject<string>;
  onTouched: (submit: boolean) => void;
}) => (
  // No noValidate: by the time anything is typed, the field's focus has handed over to the form.
  <form
    aria-label="Newsletter"
    className="space-y-2"
    onSubmit={(event) => {
      event.preventDefault();
      onTouched(true);
    }}
  >
    <label htmlFor="newsletter-email" className="block text-sm">
      Enter your email address
    </label>
    <div className="join w-full">
      <input
        onChange={(event) => (typedRef.current = event.target.value)}
        onFocus={() => onTouched(false)}
        id="newsletter-email"
        type="email"
        autoComplete="email"
        placeholder="username@site.com"
        className="input join-item w-full min-w-0 text-base-content"
      />
      <button type="submit" className="btn btn-accent join-item">
        Subscribe
      </button>
    </div>
  </form>
);

/**
 * The footer's Newsletter box. It is plain HTML until the visitor first reaches for it (the field's
 * focus, a submit; not a pointer over the button, which would swap it under the click); only then does the form's code (react-hook-form, 15 KB gzip) load. On
 * a short page the footer is in view at once, and loading the form when it came into view cost every
 * first view those bytes (docs/decisions/0272). The switch is a transition: the plain box stays on
 * screen, still taking keys, until the form is in, and the form then takes over what was typed, the
 * focus and a submit.
 */
export const NewsletterBox = () => {
  // null: the plain box; then whether a submit is to be handed over.
  const [submit, setSubmit] = useState<boolean | null>(null);
  // What was typed, kept after the plain box is gone: keys can arrive while the form renders.
  const typedRef = useRef('');
  const touched = (submitting: boolean) => startTransition(() => setSubmit(submitting));
  return (
    <Suspense fallback={null}>
      {submit === null ? (
        <PlainBox typedRef={typedRef} onTouched={touched} />
      ) : (
        // Read once the form is on screen.
        <NewsletterForm handOver={() => ({ email: typedRef.current, submit })} />
      )}
    </Suspense>
  );
};
