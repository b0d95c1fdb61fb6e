import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { NewsletterBody, NewsletterBodyInput } from '@forgeline/shared/schemas/contact';
import { useSubscribe } from '../api/subscribe';
import { Alert } from '@/components/ui/alert';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { NewsletterHandOver } from './newsletter-box';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.NewsletterBodySchema));

/**
 * The footer's Newsletter box (docs/product.md §2, made to work by docs/architecture.md §4): an email and Subscribe, checked
 * by the server's schema; the server's friendly answer replaces the form.
 */
const NewsletterForm = ({ handOver }: { handOver?: () => NewsletterHandOver }) => {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const mutation = useSubscribe();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterBodyInput, unknown, NewsletterBody>({
    resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await mutation.mutateAsync(body);
      setConfirmation(answer.message);
    } catch {
      // shown under the box from mutation.error
    }
  });

  // Once on screen, the form takes over from the plain box (newsletter-box.tsx): what was typed, then a
  // submit, or else the focus.
  const [takeOver] = useState(() => handOver);
  useEffect(() => {
    const start = takeOver?.();
    const field = formRef.current?.querySelector('input');
    if (!start || !field) return;
    setValue('email', start.email);
    if (start.submit) return void formRef.current?.requestSubmit();
    field.focus();
    // The caret to the end, for the keys still to come: setting a new value puts it there (an email
    // field has no setSelectionRange).
    field.value = '';
    field.value = start.email;
  }, [takeOver, setValue]);

  if (confirmation !== null) {
    return (
      <p role="status" className="rounded-box bg-white/10 p-4 text-sm font-medium text-white">
        {confirmation}
      </p>
    );
  }

  const error = errors.email?.message;
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={resolver.preload}
      noValidate
      aria-label="Newsletter"
      className="space-y-2"
    >
      <label htmlFor={`${id}-email`} className="block text-sm">
        Enter your email address
      </label>
      <div className="join w-full">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="username@site.com"
          className="input join-item w-full min-w-0 text-base-content"
          aria-invalid={Boolean(error)}
          {...(error && { 'aria-describedby': `${id}-error` })}
          {...register('email')}
        />
        <button type="submit" className="btn btn-accent join-item" disabled={isSubmitting}>
          Subscribe
        </button>
      </div>
      <Alert variant="onDark" announce={false} id={`${id}-error`}>
        {error}
      </Alert>
      <Alert variant="onDark">{mutation.error?.message}</Alert>
    </form>
  );
};

export default NewsletterForm;
