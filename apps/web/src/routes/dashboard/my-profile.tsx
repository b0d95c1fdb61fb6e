import { useSession } from '@/lib/auth';
import { useUserInfo } from '@/features/users/api/get-user-info';
import { ProfileCard } from '@/features/users/components/profile-card';
import { ProfileForm } from '@/features/users/components/profile-form';
import { Loading } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';

/** /dashboard and /dashboard/myProfile (docs/product.md §2): the profile form and card. */
const MyProfileRoute = () => {
  const { user } = useSession();
  const info = useUserInfo(user?.email);

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        My Profile
      </h2>
      {!user || info.isPending ? (
        <Loading label="Loading your profile" className="min-h-48" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="order-2 lg:order-1">
            <Alert className="mb-4">
              {info.isError ? `Could not load your saved profile: ${info.error.message}` : null}
            </Alert>
            <ProfileForm key={info.dataUpdatedAt} email={user.email} initial={info.data?.userInfo} />
          </div>
          <div className="order-1 lg:order-2">
            <ProfileCard user={user} info={info.data} />
          </div>
        </div>
      )}
    </section>
  );
};

export default MyProfileRoute;
