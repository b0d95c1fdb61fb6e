import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useSignUp } from '../api/sign-up';
import type { SignupInput, SignupValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { authErrorMessage } from '../utils/auth-errors';
import { GoogleButton } from './google-button';
import { Notice, OrDivider, ProviderError } from './auth-card';
import { SubmitButton } from '@/components/ui/submit-button';

type SignupFormProps = { redirectTo: string };

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.SignupSchema));

/** Name, email and password (docs/product.md §2, §5): creates the account, then the token exchange and redirect. */
export const SignupForm = ({ redirectTo }: SignupFormProps) => {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [providerError, setProviderError] = useState<string | null>(null);
  // A known address gets a cookie that opens no session, and its owner a link by e-mail (0131, 0191).
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProviderError(null);
    try {
      if (!(await signUp.mutateAsync(values))) {
        setMailedTo(values.email);
        return;
      }
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  const busy = isSubmitting || signUp.isPending;

  return (
    <>
      {mailedTo && (
        <Notice>
          We have sent a message to {mailedTo}. If this address already has an account, the message holds a
          link to choose a new password and sign in. It may take a minute to arrive.
        </Notice>
      )}
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={resolver.preload}
        noValidate
        aria-label="Sign Up"
        className="space-y-4"
      >
        <FormField
          label="Name"
          type="text"
          autoComplete="name"
          placeholder="Your Name"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Your Email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton className="w-full" isLoading={busy}>
          Sign Up
        </SubmitButton>
      </form>
      <ProviderError message={providerError} />
      <p className="mt-4 text-center text-sm">
        Already have an account?{' '}
        <Link
          className="link link-primary font-semibold"
          to={paths.auth.login.getHref(redirectTo === '/' ? null : redirectTo)}
        >
          Please Login
        </Link>
      </p>
      <OrDivider />
      <GoogleButton
        callbackURL={redirectTo}
        disabled={busy}
        onError={(error) => setProviderError(authErrorMessage(error))}
      />
    </>
  );
};
