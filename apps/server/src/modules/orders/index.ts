// What other modules may use of orders (docs/architecture.md §10): who may see one, placing lines,
// the unpaid-holds check, the order mails, and reading, locking and marking paid an order.
export { ownOrder, visibleOrder, type Actor } from './access.ts';
export { queueAdminOrderMail, type OrderOrigin } from './admin-mail.ts';
export { checkUnpaidHolds } from './holds.ts';
export { documentAttachments, queuePaidMail } from './mail.ts';
export { MAX_ORDER_TOTAL_CENTS, placeLines, type Placed, type PricedLine } from './placement.ts';
export { toOrderDto } from './repository.ts';
export { findOrder, hasPaidOrder, lockOrder, markOrderPaid, setOrderPaymentIntent } from './service.ts';
