import { useSession } from '@/lib/auth';
import { useUsers } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';
import { ERROR_TEXT_CLASS } from '@/components/ui/form-field';

/** /dashboard/makeAdmin, admins only (SPEC.md §2): every user, with delete and make-admin actions. */
const MakeAdminRoute = () => {
  const { user } = useSession();
  const users = useUsers();

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Make Admin{' '}
        <span className="text-base font-semibold text-base-content/75" data-testid="users-total">
          (Total Users: {users.data?.length ?? 0})
        </span>
      </h2>
      {users.isPending ? (
        <div className="flex min-h-48 items-center justify-center" role="status">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <span className="sr-only">Loading users</span>
        </div>
      ) : users.isError ? (
        <p role="alert" className={ERROR_TEXT_CLASS}>
          Could not load the users: {users.error.message}
        </p>
      ) : (
        <UsersTable users={users.data} currentUserId={user?.id} />
      )}
    </section>
  );
};

export default MakeAdminRoute;
