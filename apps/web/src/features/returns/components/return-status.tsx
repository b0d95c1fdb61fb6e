import { REFUND_METHODS, RETURN_STATUSES, type ReturnStatus } from '@forgeline/shared/returns';
import type { Return } from '@forgeline/shared/schemas/return';

const BADGE: Record<ReturnStatus, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  refused: 'badge-neutral',
  received: 'badge-info',
  refunded: 'badge-success',
};

/** A return's step as a badge with its word (Requested, Approved, Refused, Received, Refunded). */
export const ReturnStatusBadge = ({ status }: { status: ReturnStatus }) => (
  <span className={`badge badge-sm ${BADGE[status]}`} data-testid="return-status">
    {RETURN_STATUSES[status]}
  </span>
);

/** What became of the money, with the credit note to download, once refunded. */
export const ReturnRefund = ({ item }: { item: Return }) =>
  item.status === 'refunded' ? (
    <span>
      {item.refundMethod ? REFUND_METHODS[item.refundMethod] : 'Refunded'}: ${item.amount.toFixed(2)}
      {item.creditNoteUrl ? (
        <>
          {' · '}
          <a className="link" href={item.creditNoteUrl} target="_blank" rel="noopener">
            Credit note {item.creditNoteNumber}
          </a>
        </>
      ) : null}
    </span>
  ) : null;
