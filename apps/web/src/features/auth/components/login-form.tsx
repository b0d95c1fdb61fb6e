import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useSignIn } from '../api/sign-in';
import type { LoginInput, LoginValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { authErrorMessage } from '../utils/auth-errors';
import { GoogleButton } from './google-button';
import { OrDivider, ProviderError } from './auth-card';
import { SubmitButton } from '@/components/ui/submit-button';

type LoginFormProps = {
  /** Where to go once signed in: the page the user came from, else home. */
  redirectTo: string;
  /** An error to show before any attempt (e.g. Google sent the user back with one). */
  initialError?: string | null;
};

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.LoginSchema));

/** Email and password (docs/product.md §2, §5), then the token exchange and back to where the user came from. */
export const LoginForm = ({ redirectTo, initialError = null }: LoginFormProps) => {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [providerError, setProviderError] = useState<string | null>(initialError);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProviderError(null);
    try {
      await signIn.mutateAsync(values);
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  const busy = isSubmitting || signIn.isPending;

  return (
    <>
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={resolver.preload}
        noValidate
        aria-label="Login"
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
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Your Password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="text-right text-sm">
          <Link className="link link-primary" to={paths.auth.resetPass.getHref()}>
            Forgot Password?
          </Link>
        </div>
        <SubmitButton className="w-full" isLoading={busy}>
          Login
        </SubmitButton>
      </form>
      <ProviderError message={providerError} />
      <p className="mt-4 text-center text-sm">
        New to Forgeline?{' '}
        <Link
          className="link link-primary font-semibold"
          to={paths.auth.signup.getHref()}
          state={{ from: redirectTo }}
        >
          Create New Account
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
