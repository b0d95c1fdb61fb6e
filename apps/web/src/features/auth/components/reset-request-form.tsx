import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { messages } from '@forgeline/shared/messages';
import { FormField } from '@/components/ui/form-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import type { ResetRequestInput, ResetRequestValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { authErrorMessage } from '../utils/auth-errors';
import { Notice, ProviderError } from './auth-card';
import { SubmitButton } from '@/components/ui/submit-button';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ResetRequestSchema));

/** /resetPass (docs/product.md §2, §5): Email and Submit (disabled while empty); then 'Email sent'. */
export const ResetRequestForm = () => {
  const request = useRequestPasswordReset();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestInput, unknown, ResetRequestValues>({
    resolver,
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(async (values) => {
    setProviderError(null);
    setSentTo(null);
    try {
      await request.mutateAsync(values.email);
      setSentTo(values.email);
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  const busy = isSubmitting || request.isPending;

  return (
    <>
      {sentTo ? (
        <Notice>
          <strong>{messages.emailSent}</strong>
          <span className="mt-1 block font-normal">
            If {sentTo} has an account, a link to choose a new password is on its way. It works for one hour.
          </span>
        </Notice>
      ) : null}
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={resolver.preload}
        noValidate
        aria-label="Reset Password"
        className="space-y-4"
      >
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Your Email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton className="w-full" isLoading={busy} disabled={!email?.trim()}>
          Submit
        </SubmitButton>
      </form>
      <ProviderError message={providerError} />
    </>
  );
};
