import { useState } from 'react';
import { contactMessages } from '@forgeline/shared/schema-constants';
import type { ContactBody, ContactBodyInput } from '@forgeline/shared/schemas/contact';
import { FormField, TextareaField } from '@/components/ui/form-field';
import { useSendContactMessage } from '../api/send-contact-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { Alert } from '@/components/ui/alert';
import { StrokeIcon } from '@/components/ui/stroke-icon';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { SchemaForm } from '@/components/ui/card-form';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ContactBodySchema));

/**
 * 'Send Us Email' (docs/product.md §2, made to work by docs/architecture.md §4): Name, Email, Your Message and Send, checked
 * by the same schema as the server, then a confirmation in place of the form.
 */
const ContactForm = () => {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useSendContactMessage();
  const { reset, formState, field, submit } = useSchemaForm<ContactBodyInput, ContactBody>(resolver, {
    defaultValues: { name: '', email: '', message: '' },
  });

  const send = submit(async (body) => {
    try {
      await mutation.mutateAsync(body);
    } catch {
      return; // shown below the fields from mutation.error
    }
    setSentTo(body.name);
    reset();
  });

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
    <SchemaForm
      {...send}
      aria-label="Send Us Email"
      className="min-h-[28rem] space-y-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <FormField label="Name" type="text" autoComplete="name" {...field('name')} />
      <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextareaField label="Your Message" rows={6} {...field('message')} />
      <Alert>{mutation.error?.message}</Alert>
      <SubmitButton className="min-w-32" isLoading={formState.isSubmitting}>
        Send
      </SubmitButton>
    </SchemaForm>
  );
};

export default ContactForm;
