import { useLocation, useSearchParams } from 'react-router';
import { signupMeta } from '@/config/meta/signup';
import { usePageMeta } from '@/lib/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignupForm } from '@/features/auth/components/signup-form';
import { redirectTargetFrom } from '@/features/auth/utils/redirect';

/** /signup (docs/product.md §2): creates the account with its name, then back to where the user came from. */
const SignupRoute = () => {
  usePageMeta(signupMeta);
  const [search] = useSearchParams();
  const location = useLocation();
  return (
    <AuthCard title="Sign Up">
      <SignupForm redirectTo={redirectTargetFrom(search, location.state)} />
    </AuthCard>
  );
};

export default SignupRoute;
