import { useState } from 'react';
import { COMPANIES_PAGE_SIZE, useCompaniesPage } from '@/features/companies/api/companies';
import { CompaniesTable } from '@/features/companies/components/companies-table';
import { NewCompanyForm } from '@/features/companies/components/new-company-form';
import { AdminListPage, addressPage, useAddressPage } from '@/components/ui/admin-list-page';
import { TypedSearchBox } from '@/components/ui/typed-search-box';
import { useAddressFilters } from '@/lib/use-address-filters';
import { SEARCH_DEBOUNCE_MS, useAddressSearch } from '@/lib/use-address-search';

/**
 * /dashboard/companies, admins only: the business customers, 20 a page, found by name or tax ID
 * (GET /api/companies?limit=), and 'New company'. Search and page live in the address, as Make Admin's.
 */
const CompaniesRoute = () => {
  const { input, setInput, term, flush } = useAddressSearch('search', SEARCH_DEBOUNCE_MS, ['page']);
  const { params, setFilters } = useAddressFilters<'search'>();
  const companies = useCompaniesPage({ search: term, page: addressPage(params) });
  const [creating, setCreating] = useState(false);
  const { page, pageCount, setPage, total } = useAddressPage(
    params,
    setFilters,
    companies,
    COMPANIES_PAGE_SIZE,
  );

  return (
    <AdminListPage
      title="Companies"
      count={{ value: total, suffix: companies.data?.search ? ' matching' : '', testId: 'companies-total' }}
      actions={
        creating ? null : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            New company
          </button>
        )
      }
      above={
        <>
          {creating ? <NewCompanyForm onCancel={() => setCreating(false)} /> : null}
          <TypedSearchBox
            name="Companies"
            placeholder="Search by name or tax ID"
            input={input}
            onInput={setInput}
            onSubmit={flush}
          />
        </>
      }
      query={companies}
      subject="the companies"
      errorText={(error) => `Could not load the companies: ${error.message}`}
      isEmpty={(data) => data.companies.length === 0}
      empty={
        companies.data?.search
          ? `No company matches "${companies.data.search}".`
          : 'There are no companies yet.'
      }
      pager={{ page, pageCount, onPage: setPage, label: 'Pages of companies', testId: 'companies-page' }}
    >
      {(data) => <CompaniesTable companies={data.companies} />}
    </AdminListPage>
  );
};

export default CompaniesRoute;
