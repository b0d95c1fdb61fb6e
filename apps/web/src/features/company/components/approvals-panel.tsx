import { useState } from 'react';
import type { ApprovalResult, CompanyMember } from '@forgeline/shared/schemas/company';
import { Link } from '@/components/ui/link';
import { PanelSection } from '@/components/ui/panel-section';
import { ListQueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useOrderRequests } from '../api/requests';
import { RequestCard } from './request-card';

/**
 * Orders over a buyer's limit wait here. Approvers and admins see the company's and decide (never their
 * own); a buyer sees their own and may withdraw one still pending.
 */
export const ApprovalsPanel = ({ me, canApprove }: { me: CompanyMember; canApprove: boolean }) => {
  // Deciders start with what waits for them; a buyer with everything they asked.
  const [status, setStatus] = useState<'pending' | 'all'>(canApprove ? 'pending' : 'all');
  const requests = useOrderRequests(status);
  const [placed, setPlaced] = useState<ApprovalResult | null>(null);

  return (
    <PanelSection
      id="approvals-title"
      title={canApprove ? 'Requests for approval' : 'My requests for approval'}
      actions={
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            className="select select-sm w-auto"
            value={status}
            onChange={(event) => setStatus(event.target.value as 'pending' | 'all')}
          >
            <option value="pending">Pending</option>
            <option value="all">All</option>
          </select>
        </label>
      }
    >
      {placed ? (
        <p
          role="status"
          className="rounded-box border border-success/40 bg-base-100 p-3"
          data-testid="approved-note"
        >
          Request {placed.request.number} approved: checkout{' '}
          <Link to={paths.checkoutPay.getHref(placed.checkout._id)} className="link link-primary font-mono">
            {placed.checkout.number}
          </Link>{' '}
          is placed.
        </p>
      ) : null}
      <ListQueryState
        query={requests}
        subject="the requests"
        empty={<p>{status === 'pending' ? 'No request is waiting.' : 'No request yet.'}</p>}
      >
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} me={me} canApprove={canApprove} onApproved={setPlaced} />
              </li>
            ))}
          </ul>
        )}
      </ListQueryState>
    </PanelSection>
  );
};
