/**
 * How an order's status reads in My Orders, Manage All Orders and the CSV exports. A cancelled order
 * stays on record (decision 0195): 'Cancelled, refunded' when it had been paid, else 'Cancelled' (one on
 * terms shows its credit note beside it).
 */
export function orderStatusLabel(order: {
  status: 'pending' | 'shipped' | 'cancelled';
  paid: boolean;
}): 'Pending' | 'Shipped' | 'Cancelled' | 'Cancelled, refunded' {
  if (order.status === 'cancelled') return order.paid ? 'Cancelled, refunded' : 'Cancelled';
  return order.status === 'shipped' ? 'Shipped' : 'Pending';
}
