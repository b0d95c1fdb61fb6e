import { useSearchParams } from 'react-router';
import { OVERVIEW_PERIODS } from '@forgeline/shared/schema-constants';
import { useOverview } from '@/features/overview/api/get-overview';
import { OverviewPanel } from '@/features/overview/components/overview-panel';
import { QueryState } from '@/components/ui/query-state';
import { DashboardPage } from '@/components/ui/dashboard-page';

/** /dashboard/overview (and /dashboard for admins): the shop's figures, from the database. */
const OverviewRoute = () => {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (OVERVIEW_PERIODS as readonly number[]).includes(asked) ? asked : OVERVIEW_PERIODS[0];
  const overview = useOverview(days);
  return (
    <DashboardPage title="Overview">
      <QueryState query={overview} subject="the overview">
        {(data) => (
          <OverviewPanel
            overview={data}
            days={days}
            onDays={(next) => setParams(next === OVERVIEW_PERIODS[0] ? {} : { days: String(next) })}
          />
        )}
      </QueryState>
    </DashboardPage>
  );
};

export default OverviewRoute;
