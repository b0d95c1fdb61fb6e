/**
 * How an order's status reads in My Orders, Manage All Orders and the CSV exports. A cancelled order
 * stays on record (decision 0195): 'Cancelled, refunded' when it had been paid, else 'Cancelled' (one on
 * terms shows its credit note beside it). A line some of whose pieces have gone reads 'Partly shipped'
 * until its last piece goes (decision 0232).
 */
export function orderStatusLabel(order: {
  status: 'pending' | 'shipped' | 'cancelled';
  paid: boolean;
  shippedQuantity?: number | undefined;
}): 'Pending' | 'Partly shipped' | 'Shipped' | 'Cancelled' | 'Cancelled, refunded' {
  if (order.status === 'cancelled') return order.paid ? 'Cancelled, refunded' : 'Cancelled';
  if (order.status === 'shipped') return 'Shipped';
  return (order.shippedQuantity ?? 0) > 0 ? 'Partly shipped' : 'Pending';
}

/**
 * Whether an order line may ship: paid, or placed on approved payment terms (it ships before it is
 * paid, decision 0112). The server's conditional UPDATE applies the same rule in SQL.
 */
export const mayShip = (order: { paid: boolean; dueAt: Date | string | null }): boolean =>
  order.paid || order.dueAt !== null;

/** Pieces of the line still to ship (none for a cancelled line). */
export const piecesToShip = (order: {
  status: 'pending' | 'shipped' | 'cancelled';
  buyQuantity: number;
  shippedQuantity?: number | undefined;
}): number => (order.status === 'pending' ? order.buyQuantity - (order.shippedQuantity ?? 0) : 0);
