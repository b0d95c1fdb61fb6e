import { useSession } from '@/lib/auth';
import { useUsers } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';
import { QueryState } from '@/components/ui/query-state';

/** /dashboard/makeAdmin, admins only (docs/product.md §2): every user, with delete and make-admin actions. */
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
      <QueryState
        query={users}
        loadingLabel="Loading users"
        errorText={(error) => `Could not load the users: ${error.message}`}
      >
        {(list) => <UsersTable users={list} currentUserId={user?.id} />}
      </QueryState>
    </section>
  );
};

export default MakeAdminRoute;
