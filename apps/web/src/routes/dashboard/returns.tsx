import { RETURN_STATUSES, type ReturnStatus } from '@forgeline/shared/returns';
import { AdminListPage, addressPage, useAddressPage } from '@/components/ui/admin-list-page';
import { FilterSelect } from '@/components/ui/filter-select';
import { RETURNS_PAGE_SIZE, useReturns } from '@/features/returns/api/returns';
import { AdminReturnsList } from '@/features/returns/components/admin-returns';
import { useAddressFilters } from '@/lib/use-address-filters';

const isStatus = (value: string | null): value is ReturnStatus => value !== null && value in RETURN_STATUSES;

/**
 * /dashboard/returns (admin, decision 0240): every return, or those at one step, newest first, with the
 * shop's actions. The step and the page live in the address, so Back and a link work.
 */
const ReturnsRoute = () => {
  const { params, setFilters, clearFilters } = useAddressFilters<'status' | 'page'>();
  const asked = params.get('status');
  const status = isStatus(asked) ? asked : undefined;
  const returns = useReturns(status, addressPage(params));
  const { page, pageCount, setPage, total } = useAddressPage(params, setFilters, returns, RETURNS_PAGE_SIZE);
  return (
    <AdminListPage
      title="Returns"
      count={{ value: total, testId: 'returns-count' }}
      toolbar={
        <FilterSelect
          label="Step"
          value={status}
          options={Object.entries(RETURN_STATUSES)}
          onChange={(next) => setFilters({ status: next, page: undefined })}
        />
      }
      toolbarLabel="Find returns"
      filtered={status !== undefined}
      onClear={clearFilters}
      query={returns}
      subject="the returns"
      loadingLabel="Loading returns"
      empty={<p>No returns{status ? ' at this step' : ''}.</p>}
      pager={{ page, pageCount, onPage: setPage, label: 'Pages of returns', testId: 'returns-page' }}
    >
      {(result) => <AdminReturnsList returns={result.data} />}
    </AdminListPage>
  );
};

export default ReturnsRoute;
