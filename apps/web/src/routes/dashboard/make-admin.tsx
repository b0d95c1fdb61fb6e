import { useSession } from '@/lib/auth';
import { USERS_PAGE_SIZE, useUsersPage } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';
import { AdminListPage, addressPage, useAddressPage } from '@/components/ui/admin-list-page';
import { TypedSearchBox } from '@/components/ui/typed-search-box';
import { useAddressFilters } from '@/lib/use-address-filters';
import { SEARCH_DEBOUNCE_MS, useAddressSearch } from '@/lib/use-address-search';

/**
 * /dashboard/makeAdmin, admins only (docs/product.md §2): the users, newest first, 20 a page, found by
 * e-mail or name (GET /api/users?limit=, decision 0100), with delete and make-admin actions.
 */
const MakeAdminRoute = () => {
  const { user } = useSession();
  // The search and the page are kept in the address (?search=&page=): Back, a reload or a link show the
  // same list. Searched once typing pauses, at once on Enter or when the box is emptied; a new search
  // starts at page 1.
  const { input, setInput, term, flush } = useAddressSearch('search', SEARCH_DEBOUNCE_MS, ['page']);
  const { params, setFilters } = useAddressFilters<'search'>();
  const users = useUsersPage({ search: term, page: addressPage(params) });
  const { page, pageCount, setPage, total } = useAddressPage(params, setFilters, users, USERS_PAGE_SIZE);

  return (
    <AdminListPage
      title="Make Admin"
      count={{
        label: 'Total Users',
        value: total,
        suffix: users.data?.search ? ' matching' : '',
        testId: 'users-total',
      }}
      above={
        <TypedSearchBox
          name="Users"
          placeholder="Search by e-mail or name"
          input={input}
          onInput={setInput}
          onSubmit={flush}
        />
      }
      query={users}
      loadingLabel="Loading users"
      errorText={(error) => `Could not load the users: ${error.message}`}
      isEmpty={(data) => data.users.length === 0 && data.search !== ''}
      empty={`No users match "${users.data?.search ?? ''}".`}
      pager={{ page, pageCount, onPage: setPage, label: 'Users pages' }}
    >
      {(data) => (
        <UsersTable
          users={data.users}
          currentUserId={user?.id}
          firstNumber={(data.page - 1) * USERS_PAGE_SIZE + 1}
        />
      )}
    </AdminListPage>
  );
};

export default MakeAdminRoute;
