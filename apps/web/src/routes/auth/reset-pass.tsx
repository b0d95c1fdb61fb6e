import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { otherMeta } from '@/config/meta/others';
import { usePageMeta } from '@/lib/page-meta';
import { AuthCard, ProviderError } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';

/** The message for a reset link that Better Auth refused (?error=INVALID_TOKEN): expired or used. */
export const EXPIRED_LINK_MESSAGE =
  'This password reset link has expired or has already been used (auth/expired-action-code). Enter your email below to get a new one.';

/**
 * /resetPass (docs/product.md §2): ask for the reset e-mail; with ?token= from the e-mailed link, choose the new
 * password; with ?error=, say the link is dead and offer to send another.
 */
const ResetPassRoute = () => {
  usePageMeta(otherMeta.resetPass);
  const [search] = useSearchParams();
  const token = search.get('token');
  const error = search.get('error');

  if (token && !error) {
    return (
      <AuthCard title="Choose a New Password">
        <NewPasswordForm token={token} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      {error ? (
        <div className="mb-4">
          <ProviderError message={EXPIRED_LINK_MESSAGE} />
        </div>
      ) : (
        <p className="mb-4 text-sm text-base-content/80">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
      )}
      <ResetRequestForm />
      <p className="mt-4 text-center text-sm">
        Remembered it?{' '}
        <Link className="link link-primary font-semibold" to={paths.auth.login.getHref()}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
};

export default ResetPassRoute;
