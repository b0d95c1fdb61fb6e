import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import type { NewPasswordInput, NewPasswordValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { authErrorMessage } from '../utils/auth-errors';
import { ProviderError } from './auth-card';
import { SubmitButton } from '@/components/ui/submit-button';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.NewPasswordSchema));

/** The notice /login shows after a password reset. */
export const PASSWORD_CHANGED_NOTICE =
  'Your password has been changed. Please log in with your new password.';

/** /resetPass?token=…: the new password, then off to /login with a success note. */
export const NewPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [providerError, setProviderError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput, unknown, NewPasswordValues>({
    resolver,
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProviderError(null);
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
      await navigate(paths.auth.login.getHref(), {
        replace: true,
        state: { notice: PASSWORD_CHANGED_NOTICE },
      });
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  const busy = isSubmitting || reset.isPending;

  return (
    <>
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={resolver.preload}
        noValidate
        aria-label="Choose a new password"
        className="space-y-4"
      >
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <SubmitButton className="w-full" isLoading={busy}>
          Save New Password
        </SubmitButton>
      </form>
      <ProviderError message={providerError} />
    </>
  );
};
