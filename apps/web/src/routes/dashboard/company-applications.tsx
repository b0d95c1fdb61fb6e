import { useSearchParams } from 'react-router';
import { useCompanyApplications } from '@/features/companies/api/applications';
import { ApplicationsList } from '@/features/companies/components/applications-list';
import { AdminListPage } from '@/components/ui/admin-list-page';

/**
 * /dashboard/companyApplications, admins only: applications for a business account, pending ones first;
 * 'All' (?status=all, kept in the address) adds the decided ones.
 */
const CompanyApplicationsRoute = () => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'all' ? 'all' : 'pending';
  const applications = useCompanyApplications(status);
  return (
    <AdminListPage
      title="Business applications"
      toolbar={
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
      }
      toolbarLabel="Find applications"
      query={applications}
      subject="the applications"
      empty={status === 'pending' ? 'No application is waiting.' : 'There are no applications yet.'}
    >
      {(list) => <ApplicationsList applications={list} />}
    </AdminListPage>
  );
};

export default CompanyApplicationsRoute;
