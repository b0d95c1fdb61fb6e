import { lazy, Suspense } from 'react';
import { useIsAdmin } from '@/lib/auth';
import { Loading } from '@/components/ui/spinner';

const OverviewRoute = lazy(() => import('./overview'));
const MyProfileRoute = lazy(() => import('./my-profile'));

/** /dashboard: the overview for admins (their first page), the profile for everyone else (docs/product.md §2). */
const DashboardHome = () => {
  const { isAdmin, isPending } = useIsAdmin();
  if (isPending) return <Loading label="Loading your dashboard" />;
  return (
    <Suspense fallback={<Loading label="Loading your dashboard" />}>
      {isAdmin ? <OverviewRoute /> : <MyProfileRoute />}
    </Suspense>
  );
};

export default DashboardHome;
