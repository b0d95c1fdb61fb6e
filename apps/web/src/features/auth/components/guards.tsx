import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { signOut, useIsAdmin, useSession } from '@/lib/auth';
import { Loading } from '@/components/ui/spinner';

/** Shown while the session or the admin status is being found out (docs/product.md §4). */
export const AuthSpinner = ({ label = 'Checking your session' }: { label?: string }) => (
  <Loading label={label} className="min-h-[calc(100dvh-4rem)]" />
);

/**
 * Login required (docs/product.md §4): a spinner while the session loads; a visitor goes to /login, which
 * brings them back here once signed in (?redirectTo= and the router state both carry the origin).
 */
export const RequireAuth = ({ children }: { children?: ReactNode }) => {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <AuthSpinner />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.getHref(from)} replace state={{ from: location }} />;
  }
  return children ?? <Outlet />;
};

/**
 * Admins only (docs/product.md §4, §6): a spinner while the server answers GET /api/admin/:email; anyone else
 * (a customer, or a visitor) is signed out and sent to /login.
 */
export const RequireAdmin = ({ children }: { children?: ReactNode }) => {
  const { isAdmin, isPending } = useIsAdmin();
  const navigate = useNavigate();
  const refused = !isPending && !isAdmin;

  useEffect(() => {
    if (!refused) return;
    // Leave first, then end the session: /login must not bounce a half-signed-out user anywhere else.
    void navigate(paths.auth.login.getHref(), { replace: true });
    void signOut();
  }, [refused, navigate]);

  if (isPending || refused) return <AuthSpinner label="Checking your access" />;
  return children ?? <Outlet />;
};
