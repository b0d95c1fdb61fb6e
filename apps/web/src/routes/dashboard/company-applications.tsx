import { useSearchParams } from 'react-router';
import { useCompanyApplications } from '@/features/companies/api/applications';
import { ApplicationsList } from '@/features/companies/components/applications-list';
import { QueryState } from '@/components/ui/query-state';

/**
 * /dashboard/companyApplications, admins only: applications for a business account, pending ones first;
 * 'All' (?status=all, kept in the address) adds the decided ones.
 */
const CompanyApplicationsRoute = () => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'all' ? 'all' : 'pending';
  const applications = useCompanyApplications(status);
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Business applications
      </h2>
      <label className="flex flex-col self-start text-sm">
        Show
        <select
          className="select select-bordered"
          value={status}
          onChange={(event) => setParams(event.target.value === 'all' ? { status: 'all' } : {})}
        >
          <option value="pending">Pending</option>
          <option value="all">All</option>
        </select>
      </label>
      <QueryState
        query={applications}
        loadingLabel="Loading the applications"
        errorText="The applications could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={
          <p>{status === 'pending' ? 'No application is waiting.' : 'There are no applications yet.'}</p>
        }
      >
        {(list) => <ApplicationsList applications={list} />}
      </QueryState>
    </section>
  );
};

export default CompanyApplicationsRoute;
