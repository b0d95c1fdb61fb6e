import { useEffect, useState } from 'react';
import { COMPANIES_PAGE_SIZE, useCompaniesPage } from '@/features/companies/api/companies';
import { CompaniesTable } from '@/features/companies/components/companies-table';
import { NewCompanyForm } from '@/features/companies/components/new-company-form';
import { QueryState } from '@/components/ui/query-state';
import { TypedSearchBox } from '@/components/ui/typed-search-box';
import { Pager } from '@/components/ui/pager';
import { useAddressFilters } from '@/lib/use-address-filters';
import { SEARCH_DEBOUNCE_MS, useAddressSearch } from '@/lib/use-address-search';

/**
 * /dashboard/companies, admins only: the business customers, 20 a page, found by name or tax ID
 * (GET /api/companies?limit=), and 'New company'. Search and page live in the address, as Make Admin's.
 */
const CompaniesRoute = () => {
  const { input, setInput, term, flush } = useAddressSearch('search', SEARCH_DEBOUNCE_MS, ['page']);
  const { params, setFilters } = useAddressFilters<'search'>();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const companies = useCompaniesPage({ search: term, page });
  const [creating, setCreating] = useState(false);

  const total = companies.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / COMPANIES_PAGE_SIZE));
  const settled = companies.data !== undefined && !companies.isPlaceholderData;
  // An old link may name a page past the end: go to the last page.
  const pastTheEnd = settled && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setFilters({ page: pageCount > 1 ? String(pageCount) : undefined }, { replace: true });
  }, [pastTheEnd, pageCount, setFilters]);

  return (
    <section aria-labelledby="dashboard-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-title" className="text-2xl font-bold">
          Companies{' '}
          <span className="text-base font-semibold text-base-content/75" data-testid="companies-total">
            (Total: {total}
            {companies.data?.search ? ' matching' : ''})
          </span>
        </h2>
        {creating ? null : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            New company
          </button>
        )}
      </div>
      {creating ? <NewCompanyForm onCancel={() => setCreating(false)} /> : null}
      <TypedSearchBox
        name="Companies"
        placeholder="Search by name or tax ID"
        input={input}
        onInput={setInput}
        onSubmit={flush}
      />
      <QueryState
        query={companies}
        loadingLabel="Loading the companies"
        errorText={(error) => `Could not load the companies: ${error.message}`}
        isEmpty={(data) => data.companies.length === 0}
        empty={
          <p>
            {companies.data?.search
              ? `No company matches "${companies.data.search}".`
              : 'There are no companies yet.'}
          </p>
        }
      >
        {(data) => (
          <div
            className={companies.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
          >
            <CompaniesTable companies={data.companies} />
            {pageCount > 1 ? (
              <Pager
                page={page}
                pageCount={pageCount}
                onPage={(next) => setFilters({ page: next > 1 ? String(next) : undefined })}
                busy={companies.isPlaceholderData}
                label="Pages of companies"
                testId="companies-page"
              />
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
};

export default CompaniesRoute;
