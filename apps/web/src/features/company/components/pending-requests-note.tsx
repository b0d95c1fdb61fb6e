import { Link } from '@/components/ui/link';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useMyCompany } from '../api/get-my-company';
import { useOrderRequests } from '../api/requests';

/**
 * Above My Orders: the company's orders still waiting for an approver (a buyer's own, or what waits for
 * an approver's decision), which are not orders yet and so not in the list below. Nothing outside a
 * company, nor when none waits.
 */
export const PendingRequestsNote = () => {
  const mine = useMyCompany();
  const inCompany = Boolean(mine.data?.member);
  const pending = useOrderRequests('pending', { enabled: inCompany }).data ?? [];
  const [first] = pending;
  if (!inCompany || !first) return null;
  return (
    <p
      role="status"
      className="mb-3 rounded-box border border-warning/60 bg-base-100 p-3 text-sm"
      data-testid="pending-requests"
    >
      {pending.length === 1
        ? `Request ${first.number} waits for approval`
        : `${pending.length} requests wait for approval`}
      : nothing is ordered until an approver of your company decides.{' '}
      <Link to={dashboardPaths.company.getHref('approvals')} className="link link-primary">
        See {pending.length === 1 ? 'it' : 'them'} in your company’s approvals
      </Link>
    </p>
  );
};
