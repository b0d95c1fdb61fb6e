import { lazy, useState } from 'react';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { OrContinueWithGoogle } from './google-button';
import { ProviderError } from './auth-card';
import { DeferredForm, EMAIL_FIELD, type FieldSpec } from './deferred-form';

const LoginFields = lazy(() => import('./login-fields'));

type LoginFormProps = {
  /** Where to go once signed in: the page the user came from, else home. */
  redirectTo: string;
  /** An error to show before any attempt (e.g. Google sent the user back with one). */
  initialError?: string | null;
};

const fields: readonly FieldSpec[] = [
  EMAIL_FIELD,
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'Your Password',
  },
];

/** The login form as the plain and the live form both render it. */
export const loginShape = {
  label: 'Login',
  fields,
  submitLabel: 'Login',
  extra: (
    <div className="text-right text-sm">
      <Link className="link link-primary" to={paths.auth.resetPass.getHref()}>
        Forgot Password?
      </Link>
    </div>
  ),
};

/**
 * Email and password (docs/product.md §2, §5), then the token exchange and back to where the user came
 * from. The form is plain HTML until touched (login-fields.tsx is the live one, docs/decisions/0277).
 */
export const LoginForm = ({ redirectTo, initialError = null }: LoginFormProps) => {
  const [providerError, setProviderError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  return (
    <>
      <DeferredForm
        {...loginShape}
        Form={LoginFields}
        formProps={{ redirectTo, onError: setProviderError, onBusy: setBusy }}
      />
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
      <OrContinueWithGoogle callbackURL={redirectTo} disabled={busy} onError={setProviderError} />
    </>
  );
};
