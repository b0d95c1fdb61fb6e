import { backorderNote } from '@forgeline/shared/backorders';
import type { Order } from '@forgeline/shared/schemas/order';

/**
 * '3 pcs back-ordered, ships in about 14 days' on a line with pieces waiting for stock
 * (docs/decisions/0238); nothing on a line that is cancelled or has none waiting.
 */
export const BackorderNote = ({
  order,
}: {
  order: Pick<Order, 'status' | 'backorderedQuantity' | 'leadTimeDays'>;
}) => {
  const note = order.status === 'pending' ? backorderNote(order) : null;
  return note ? (
    <span className="badge badge-outline ml-1 h-auto" data-testid="order-backorder">
      {note}
    </span>
  ) : null;
};
