import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { messages } from '@forgeline/shared/messages';
import { useRequestPasswordReset } from '../api/request-password-reset';
import type { ResetRequestInput, ResetRequestValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { authErrorMessage } from '../utils/auth-errors';
import { Notice, ProviderError } from './auth-card';
import { EMAIL_FIELD } from './deferred-form';
import { LiveForm } from './live-form';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ResetRequestSchema));

/** /resetPass (docs/product.md §2, §5): Email and Submit (disabled while empty); then 'Email sent'. */
export const ResetRequestForm = () => {
  const request = useRequestPasswordReset();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, control, formState, submit } = useSchemaForm<ResetRequestInput, ResetRequestValues>(
    resolver,
    { defaultValues: { email: '' } },
  );
  const email = useWatch({ control, name: 'email' });

  const send = submit(async (values) => {
    setProviderError(null);
    setSentTo(null);
    try {
      await request.mutateAsync(values.email);
      setSentTo(values.email);
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

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
      <LiveForm
        {...send}
        label="Reset Password"
        fields={[EMAIL_FIELD]}
        submitLabel="Submit"
        busy={formState.isSubmitting || request.isPending}
        submitDisabled={!email?.trim()}
        errors={formState.errors}
        register={(name) => register(name as keyof ResetRequestInput)}
      />
      <ProviderError message={providerError} />
    </>
  );
};
