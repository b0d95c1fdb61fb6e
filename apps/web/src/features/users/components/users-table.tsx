import { toast } from 'react-toastify';
import { messages, type UserSummary } from '@forgeline/shared';
import { ApiError } from '@/lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useMakeAdmin } from '../api/make-admin';
import { confirmDialog } from '@/lib/dialogs';
import { TableRegion } from '@/components/ui/table-region';

type UsersTableProps = {
  users: UserSummary[];
  /** The signed-in admin's own id: their row cannot be deleted here. */
  currentUserId: string | undefined;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

/** The Make Admin table (SPEC.md §2): No., User Id, User Email, Action (Delete User), Admin Status. */
export const UsersTable = ({ users, currentUserId }: UsersTableProps) => {
  const deleteUser = useDeleteUser();
  const makeAdmin = useMakeAdmin();

  const onDelete = async (user: UserSummary) => {
    if (!(await confirmDialog('Yes, delete'))) return;
    try {
      await deleteUser.mutateAsync(user._id);
      toast.success(`Deleted ${user.email}`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const onMakeAdmin = async (user: UserSummary) => {
    if (!(await confirmDialog('Yes, make admin'))) return;
    try {
      await makeAdmin.mutateAsync(user.email);
      toast.success(messages.madeAdmin);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 403 ? messages.makeAdminFailed : errorText(error),
      );
    }
  };

  const busyId =
    (deleteUser.isPending && deleteUser.variables) || (makeAdmin.isPending && makeAdmin.variables);

  return (
    <TableRegion label="Users table">
      <table className="table table-zebra min-w-[48rem]">
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">User Id</th>
            <th scope="col">User Email</th>
            <th scope="col">Action</th>
            <th scope="col">Admin Status</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => {
            const isSelf = user._id === currentUserId;
            const busy = busyId === user._id || busyId === user.email;
            return (
              <tr key={user._id} data-testid="user-row" data-email={user.email}>
                <th scope="row">{index + 1}</th>
                <td className="min-w-[10rem] font-mono text-xs break-all">{user._id}</td>
                <td className="whitespace-nowrap">{user.email}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-error btn-outline whitespace-nowrap"
                    disabled={isSelf || busy}
                    title={isSelf ? 'You cannot delete your own account here' : undefined}
                    aria-label={`Delete User ${user.email}`}
                    onClick={() => void onDelete(user)}
                  >
                    Delete User
                  </button>
                </td>
                <td>
                  {user.role === 'admin' ? (
                    <span className="badge badge-success whitespace-nowrap">Admin</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary whitespace-nowrap"
                      disabled={busy}
                      aria-label={`Make Admin ${user.email}`}
                      onClick={() => void onMakeAdmin(user)}
                    >
                      Make Admin
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
};
