import { useLocation, useSearchParams } from 'react-router';
import { loginMeta } from '@/config/meta/login';
import { usePageMeta } from '@/lib/page-meta';
import { AuthCard, Notice } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { authErrorMessage } from '@/features/auth/utils/auth-errors';
import { redirectTargetFrom } from '@/features/auth/utils/redirect';
import { ApiError } from '@/lib/api-client';

/** /login (docs/product.md §2): back to the page the user came from once signed in, else home. */
const LoginRoute = () => {
  usePageMeta(loginMeta);
  const [search] = useSearchParams();
  const location = useLocation();
  const redirectTo = redirectTargetFrom(search, location.state);
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  // Google sends the user back here with ?error=CODE when its sign-in fails.
  const googleError = search.get('error');
  const initialError = googleError
    ? authErrorMessage(new ApiError(400, 'Google sign-in did not complete', googleError.toUpperCase()))
    : null;

  return (
    <AuthCard title="Login">
      {typeof notice === 'string' ? <Notice>{notice}</Notice> : null}
      <LoginForm redirectTo={redirectTo} initialError={initialError} />
    </AuthCard>
  );
};

export default LoginRoute;
