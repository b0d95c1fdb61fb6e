import { useState } from 'react';
import { RETURN_STATUSES, type ReturnStatus } from '@forgeline/shared/returns';
import { QueryState } from '@/components/ui/query-state';
import { useReturns } from '@/features/returns/api/returns';
import { AdminReturnsList } from '@/features/returns/components/admin-returns';

/** /dashboard/returns (admin, decision 0240): every return, or those at one step, with the shop's actions. */
const ReturnsRoute = () => {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const returns = useReturns(status || undefined);
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="mb-4 text-2xl font-bold">
        Returns
      </h2>
      <label className="mb-3 flex flex-col gap-1 text-sm sm:w-60" htmlFor="returns-status">
        Show
        <select
          id="returns-status"
          className="select select-sm w-full"
          value={status}
          onChange={(event) => setStatus(event.target.value as ReturnStatus | '')}
        >
          <option value="">Every return</option>
          {Object.entries(RETURN_STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <QueryState
        query={returns}
        loadingLabel="Loading returns"
        errorText="The returns could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p>No returns{status ? ` at this step` : ''}.</p>}
      >
        {(list) => <AdminReturnsList returns={list} />}
      </QueryState>
    </section>
  );
};

export default ReturnsRoute;
