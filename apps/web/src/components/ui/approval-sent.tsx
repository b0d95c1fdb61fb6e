import { formatPrice } from '@forgeline/shared/money';
import type { OrderRequest } from '@forgeline/shared/schemas/company';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Link } from './link';

/** What a buyer sees when their order went to an approver instead of being placed. */
export const ApprovalSent = ({ request }: { request: OrderRequest }) => (
  <div
    role="status"
    className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
    data-testid="approval-sent"
  >
    <h2 className="text-lg font-bold">Sent for approval</h2>
    <p>
      Request <span className="font-mono">{request.number}</span> for $ {formatPrice(request.total)}:{' '}
      {request.reason.replace(/\.$/, '')}.
    </p>
    <p className="text-sm text-base-content/80">
      Nothing is ordered until an approver of your company decides; the parts are not held meanwhile.
    </p>
    <Link to={dashboardPaths.company.getHref('approvals')} className="link link-primary self-start">
      See it in your company’s approvals
    </Link>
  </div>
);
