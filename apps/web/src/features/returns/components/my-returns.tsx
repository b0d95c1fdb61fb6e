import { RETURN_REASONS } from '@forgeline/shared/returns';
import type { Return } from '@forgeline/shared/schemas/return';
import { formatMoment } from '@/lib/format-date';
import { CardFacts, CompactCards } from '@/components/ui/card-list';
import { ReturnRefund, ReturnStatusBadge } from './return-status';

/** The buyer's returns (decision 0240): number, pieces, reason, step, the shop's note and the refund. */
export const MyReturnsList = ({ returns }: { returns: readonly Return[] }) =>
  returns.length === 0 ? null : (
    <CompactCards items={returns} label="Your returns" testId="my-return">
      {(item) => (
        <>
          <CardFacts>
            <span className="font-mono font-semibold">{item.number}</span>
            <ReturnStatusBadge status={item.status} />
            <span>
              <span className="font-mono">{item.orderNumber}</span> {item.productName} × {item.quantity}
            </span>
            <time dateTime={item.requestedAt} className="text-base-content/75">
              {formatMoment(item.requestedAt)}
            </time>
          </CardFacts>
          <p className="text-base-content/80">
            {RETURN_REASONS[item.reason]}
            {item.comment ? `: ${item.comment}` : ''}
          </p>
          {item.note ? <p>Our note: {item.note}</p> : null}
          <ReturnRefund item={item} />
        </>
      )}
    </CompactCards>
  );
