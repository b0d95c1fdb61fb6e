import { useState } from 'react';
import { LIMITS } from '@forgeline/shared/constants';
import { useSession } from '@/lib/auth';
import { USERS_PAGE_SIZE, useUsersPage } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';
import { QueryState } from '@/components/ui/query-state';
import { Pager } from '@/components/ui/pager';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * /dashboard/makeAdmin, admins only (docs/product.md §2): the users, newest first, 20 a page, found by
 * e-mail or name (GET /api/users?limit=, decision 0100), with delete and make-admin actions.
 */
const MakeAdminRoute = () => {
  const { user } = useSession();
  const [input, setInput] = useState('');
  // Searched once typing pauses (300 ms), at once on Enter or when the box is emptied.
  const [debounced, flush] = useDebouncedValue(input.trim(), 300);
  const term = input.trim() === '' ? '' : debounced;
  // The page belongs to a search: a new search starts at page 1.
  const [paging, setPaging] = useState({ term: '', page: 1 });
  const page = paging.term === term ? paging.page : 1;
  const users = useUsersPage({ search: term, page });

  const total = users.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const settled = users.data !== undefined && !users.isPlaceholderData;
  // A delete can empty the last page: go to the page that is now the last.
  if (settled && page > pageCount) setPaging({ term, page: pageCount });

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Make Admin{' '}
        <span className="text-base font-semibold text-base-content/75" data-testid="users-total">
          (Total Users: {total}
          {users.data?.search ? ' matching' : ''})
        </span>
      </h2>
      <form
        role="search"
        aria-label="Users"
        className="mb-4 max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          flush();
        }}
      >
        <label className="input h-12 w-full bg-base-100">
          <span className="sr-only">Search users</span>
          <input
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            maxLength={LIMITS.searchMax}
            placeholder="Search by e-mail or name"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            className="min-w-0 grow text-base"
          />
        </label>
      </form>
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
                onPage={(next) => setPaging({ term, page: next })}
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
