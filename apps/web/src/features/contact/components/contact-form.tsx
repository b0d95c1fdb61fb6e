import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactMessages } from '@forgeline/shared/schema-constants';
import type { ContactBody, ContactBodyInput } from '@forgeline/shared/schemas/contact';
import { Field, errorProps } from '@/components/ui/form-field';
import { useSendContactMessage } from '../api/send-contact-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { Alert } from '@/components/ui/alert';
import { StrokeIcon } from '@/components/ui/stroke-icon';
import { lazyZodResolver } from '@/lib/lazy-resolver';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ContactBodySchema));

/**
 * 'Send Us Email' (docs/product.md §2, made to work by docs/architecture.md §4): Name, Email, Your Message and Send, checked
 * by the same schema as the server, then a confirmation in place of the form.
 */
const ContactForm = () => {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactBodyInput, unknown, ContactBody>({
    resolver,
    defaultValues: { name: '', email: '', message: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync(body);
    } catch {
      return; // shown below the fields from mutation.error
    }
    setSentTo(body.name);
    reset();
  });

  const fieldId = (field: keyof ContactBodyInput) => `${id}-${field}`;

  if (sentTo !== null) {
    return (
      <div
        role="status"
        className="flex min-h-[28rem] flex-col items-center justify-center gap-4 rounded-box border border-base-300 bg-base-100 p-8 text-center shadow-sm"
      >
        {/* A tick in a circle. */}
        <StrokeIcon
          path="M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0m-14.5.5 3 3 6-6.5"
          className="size-14 text-success"
          round
        />
        <p className="text-xl font-bold">Thank you, {sentTo}!</p>
        <p className="max-w-sm text-base-content/80">{contactMessages.contactSent}</p>
        <button type="button" className="btn btn-outline btn-primary" onClick={() => setSentTo(null)}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocus={resolver.preload}
      noValidate
      aria-label="Send Us Email"
      className="min-h-[28rem] space-y-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <Field id={fieldId('name')} label="Name" error={errors.name?.message}>
        <input
          id={fieldId('name')}
          type="text"
          autoComplete="name"
          className={`input w-full ${errors.name ? 'input-error' : ''}`}
          {...errorProps(fieldId('name'), errors.name?.message)}
          {...register('name')}
        />
      </Field>
      <Field id={fieldId('email')} label="Email" error={errors.email?.message}>
        <input
          id={fieldId('email')}
          type="email"
          autoComplete="email"
          className={`input w-full ${errors.email ? 'input-error' : ''}`}
          {...errorProps(fieldId('email'), errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id={fieldId('message')} label="Your Message" error={errors.message?.message}>
        <textarea
          id={fieldId('message')}
          rows={6}
          className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
          {...errorProps(fieldId('message'), errors.message?.message)}
          {...register('message')}
        />
      </Field>
      <Alert>{mutation.error?.message}</Alert>
      <SubmitButton className="min-w-32" isLoading={isSubmitting}>
        Send
      </SubmitButton>
    </form>
  );
};

export default ContactForm;
