/**
 * The spec's Manage All Orders columns from the product to the payment, in this order: the admin's
 * table shows them and the CSV export of the same orders writes them, so the two cannot drift apart.
 */
export const MANAGE_ORDERS_ORDER_COLUMNS = [
  'Product',
  'Price',
  'Quantity',
  'Total',
  'Status',
  'Payment',
] as const;
