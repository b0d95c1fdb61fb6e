import type { FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '@forgeline/shared/audit-actions';
import { LIMITS } from '@forgeline/shared/constants';
import { AUDIT_PAGE_SIZE, useAudit, type AuditFilters } from '@/features/audit/api/get-audit';
import { AuditTable } from '@/features/audit/components/audit-table';
import { AdminListPage, addressPage, useAddressPage } from '@/components/ui/admin-list-page';
import { FilterSelect } from '@/components/ui/filter-select';
import { addressDays, DateRangeFilter } from '@/components/ui/date-range-filter';
import { useAddressFilters } from '@/lib/use-address-filters';
import { formText } from '@/lib/form-text';

/** The two text boxes of the search form, sent together: the subject and the admin. */
const TEXT_FILTERS = [
  {
    key: 'search',
    label: 'Subject',
    placeholder: 'Order number, product or e-mail',
    maxLength: LIMITS.searchMax,
  },
  { key: 'actor', label: 'Admin', placeholder: "Admin's e-mail", maxLength: LIMITS.emailMax },
] as const;

/** The filters as the address says them; anything a person could not have chosen is left out. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  const text = (key: 'search' | 'actor') => params.get(key)?.trim().slice(0, 200) || undefined;
  const search = text('search');
  const actor = text('actor');
  return {
    ...(action && action in AUDIT_ACTIONS && { action: action as AuditAction }),
    ...(search && { search }),
    ...(actor && { actor }),
    ...addressDays(params),
    page: addressPage(params),
  };
}

/**
 * /dashboard/audit, admins only (decision 0106): what admins did, newest first, filtered by action,
 * admin, subject and days. The filters and the page live in the address, so Back and a link work.
 */
const AuditRoute = () => {
  const { params, setFilters: setFilter, clearFilters } = useAddressFilters<keyof AuditFilters>();
  const filters = filtersOf(params);
  const audit = useAudit(filters);

  /** The two text boxes are sent together, like a search form. */
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilter({ search: formText(form, 'search'), actor: formText(form, 'actor') });
  };

  const { page, pageCount, setPage, total, capped } = useAddressPage(
    params,
    setFilter,
    audit,
    AUDIT_PAGE_SIZE,
  );
  const filtered = Boolean(filters.action || filters.search || filters.actor || filters.from || filters.to);

  return (
    <AdminListPage
      title="Audit log"
      count={{ value: total, capped, testId: 'audit-count' }}
      toolbar={
        <>
          <form
            key={`${filters.search ?? ''}|${filters.actor ?? ''}`}
            onSubmit={onSearch}
            className="flex min-w-0 grow flex-wrap items-end gap-2 sm:grow-0"
          >
            {TEXT_FILTERS.map((box) => (
              <label key={box.key} className="flex min-w-0 grow flex-col text-sm">
                {box.label}
                <input
                  type="search"
                  className="input input-bordered min-w-0"
                  placeholder={box.placeholder}
                  name={box.key}
                  maxLength={box.maxLength}
                  defaultValue={filters[box.key] ?? ''}
                />
              </label>
            ))}
            <button type="submit" className="btn btn-primary">
              Search
            </button>
          </form>
          <FilterSelect
            label="Action"
            value={filters.action}
            options={Object.entries(AUDIT_ACTIONS)}
            onChange={(action) => setFilter({ action })}
          />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
        </>
      }
      toolbarLabel="Find entries"
      filtered={filtered}
      onClear={clearFilters}
      query={audit}
      subject="the audit log"
      empty={filtered ? 'No entry matches these filters.' : 'No admin has changed anything yet.'}
      pager={{
        page,
        pageCount,
        capped,
        onPage: setPage,
        label: 'Pages of the audit log',
      }}
    >
      {(page) => <AuditTable entries={page.data} />}
    </AdminListPage>
  );
};

export default AuditRoute;
