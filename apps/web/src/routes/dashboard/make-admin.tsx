import { useEffect } from 'react';
import { useSession } from '@/lib/auth';
import { USERS_PAGE_SIZE, useUsersPage } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';
import { QueryState } from '@/components/ui/query-state';
import { TypedSearchBox } from '@/components/ui/typed-search-box';
import { Pager } from '@/components/ui/pager';
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
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const users = useUsersPage({ search: term, page });

  const total = users.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const settled = users.data !== undefined && !users.isPlaceholderData;
  // A delete can empty the last page (or an old link name a page past the end): go to the last page.
  const pastTheEnd = settled && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setFilters({ page: pageCount > 1 ? String(pageCount) : undefined }, { replace: true });
  }, [pastTheEnd, pageCount, setFilters]);

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Make Admin{' '}
        <span className="text-base font-semibold text-base-content/75" data-testid="users-total">
          (Total Users: {total}
          {users.data?.search ? ' matching' : ''})
        </span>
      </h2>
      <TypedSearchBox
        name="Users"
        placeholder="Search by e-mail or name"
        input={input}
        onInput={setInput}
        onSubmit={flush}
      />
      <QueryState
        query={users}
        loadingLabel="Loading users"
        errorText={(error) => `Could not load the users: ${error.message}`}
        isEmpty={(data) => data.users.length === 0 && data.search !== ''}
        empty={<p>No users match "{users.data?.search}".</p>}
      >
        {(data) => (
          <div className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            <UsersTable
              users={data.users}
              currentUserId={user?.id}
              firstNumber={(data.page - 1) * USERS_PAGE_SIZE + 1}
            />
            {pageCount > 1 ? (
              <Pager
                page={page}
                pageCount={pageCount}
                onPage={(next) => setFilters({ page: next > 1 ? String(next) : undefined })}
                busy={users.isPlaceholderData}
                label="Users pages"
              />
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
};

export default MakeAdminRoute;
