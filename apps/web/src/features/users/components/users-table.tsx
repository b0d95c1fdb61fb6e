import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { messages } from '@forgeline/shared/messages';
import type { UserSummary } from '@forgeline/shared/schemas/user';
import { useDeleteUser } from '../api/delete-user';
import { useMakeAdmin } from '../api/make-admin';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed } from '@/lib/error-message';
import { DataTable } from '@/components/ui/data-table';
import { WrapPoints } from '@/components/ui/wrap-points';

/** Loaded when an admin opens it: most visits to Make Admin never do. */
const TermsDialog = lazy(() => import('@/features/payment-terms/components/terms-dialog'));

type UsersTableProps = {
  users: UserSummary[];
  /** The signed-in admin's own id: their row cannot be deleted here. */
  currentUserId: string | undefined;
  /** The No. of the first row (21 on page 2 of 20 a page). */
  firstNumber?: number;
};

/** The Make Admin table (docs/product.md §2): No., User Id, User Email, Action (Delete User), Admin Status. */
export const UsersTable = ({ users, currentUserId, firstNumber = 1 }: UsersTableProps) => {
  const deleteUser = useDeleteUser();
  const makeAdmin = useMakeAdmin();
  const [termsOf, setTermsOf] = useState<UserSummary | null>(null);

  const onDelete = async (user: UserSummary) => {
    if (!(await confirmDialog('Yes, delete'))) return;
    try {
      await deleteUser.mutateAsync(user._id);
      toast.success(`Deleted ${user.email}`);
    } catch (error) {
      toast.error(actionFailed('Failed to delete the user', error));
    }
  };

  const onMakeAdmin = async (user: UserSummary) => {
    if (!(await confirmDialog('Yes, make admin'))) return;
    try {
      await makeAdmin.mutateAsync(user.email);
      toast.success(messages.madeAdmin);
    } catch (error) {
      // docs/product.md §8: 'Failed to make an admin' (a 403 says no more; a 409 adds the server's reason).
      toast.error(actionFailed(messages.makeAdminFailed, error));
    }
  };

  const busyId =
    (deleteUser.isPending && deleteUser.variables) || (makeAdmin.isPending && makeAdmin.variables);

  return (
    <>
      <DataTable
        label="Users table"
        stackBelow="2xl"
        columns={['No.', 'User Id', 'User Email', 'Action', 'Admin Status']}
        rows={users}
        renderRow={(user, index) => {
          const isSelf = user._id === currentUserId;
          const busy = busyId === user._id || busyId === user.email;
          return (
            <tr key={user._id} data-testid="user-row" data-email={user.email}>
              <th scope="row" data-label="No.">
                {firstNumber + index}
              </th>
              <td data-label="User Id">
                <span className="font-mono text-xs">
                  <WrapPoints text={user._id} />
                </span>
              </td>
              <td data-label="User Email">
                <WrapPoints text={user.email} />
              </td>
              <td data-action="delete">
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
                {user.role === 'admin' ? null : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline ml-1 whitespace-nowrap"
                    aria-label={`Payment terms of ${user.email}`}
                    onClick={() => setTermsOf(user)}
                  >
                    Terms
                  </button>
                )}
              </td>
              <td data-label="Admin Status">
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
        }}
      />
      {termsOf ? (
        <Suspense fallback={null}>
          <TermsDialog key={termsOf._id} user={termsOf} onClose={() => setTermsOf(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
