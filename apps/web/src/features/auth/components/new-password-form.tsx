import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import type { NewPasswordInput, NewPasswordValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { authErrorMessage } from '../utils/auth-errors';
import { ProviderError } from './auth-card';
import type { FieldSpec } from './deferred-form';
import { LiveForm } from './live-form';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.NewPasswordSchema));

const fields: readonly FieldSpec[] = [
  {
    name: 'newPassword',
    label: 'New Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'At least 6 characters',
  },
];

/** The notice /login shows after a password reset. */
export const PASSWORD_CHANGED_NOTICE =
  'Your password has been changed. Please log in with your new password.';

/** /resetPass?token=…: the new password, then off to /login with a success note. */
export const NewPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [providerError, setProviderError] = useState<string | null>(null);
  const { register, formState, submit } = useSchemaForm<NewPasswordInput, NewPasswordValues>(resolver, {
    defaultValues: { newPassword: '' },
  });

  const save = submit(async (values) => {
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

  return (
    <>
      <LiveForm
        {...save}
        label="Choose a new password"
        fields={fields}
        submitLabel="Save New Password"
        busy={formState.isSubmitting || reset.isPending}
        errors={formState.errors}
        register={(name) => register(name as keyof NewPasswordInput)}
      />
      <ProviderError message={providerError} />
    </>
  );
};
