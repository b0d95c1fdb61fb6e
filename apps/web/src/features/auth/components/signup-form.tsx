import { lazy, useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { OrContinueWithGoogle } from './google-button';
import { ProviderError } from './auth-card';
import { DeferredForm, EMAIL_FIELD, type FieldSpec } from './deferred-form';

const SignupFields = lazy(() => import('./signup-fields'));

type SignupFormProps = { redirectTo: string };

const fields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name', placeholder: 'Your Name' },
  EMAIL_FIELD,
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'At least 6 characters',
  },
];

/** The sign-up form as the plain and the live form both render it. */
export const signupShape = { label: 'Sign Up', fields, submitLabel: 'Sign Up' };

/**
 * Name, email and password (docs/product.md §2, §5): creates the account, then the token exchange and
 * redirect. The form is plain HTML until touched (signup-fields.tsx is the live one, docs/decisions/0277).
 */
export const SignupForm = ({ redirectTo }: SignupFormProps) => {
  const [providerError, setProviderError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A known address gets a cookie that opens no session, and its owner a link by e-mail (0131, 0191):
  // the live form hands over the note that says so (its words load with it).
  const [mailedNotice, setMailedNotice] = useState<ReactNode>(null);

  return (
    <>
      {mailedNotice}
      <DeferredForm
        {...signupShape}
        Form={SignupFields}
        formProps={{ redirectTo, onError: setProviderError, onBusy: setBusy, onMailed: setMailedNotice }}
      />
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
      <OrContinueWithGoogle callbackURL={redirectTo} disabled={busy} onError={setProviderError} />
    </>
  );
};
