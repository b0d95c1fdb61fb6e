// What other modules may use of orders and their checkouts (docs/architecture.md §10): who may see an
// order, placing lines, the unpaid-holds check, the mails, and reading, locking and marking paid.
export { ownOrder, visibleOrder, type Actor } from './access.ts';
export { queueAdminOrderMail, type OrderOrigin } from './admin-mail.ts';
export { queueCheckoutPaidMail, queueCheckoutPlacedMail } from './checkout-mail.ts';
export { checkUnpaidHolds } from './holds.ts';
export { documentAttachments, queuePaidMail } from './mail.ts';
export {
  type LineRequest,
  MAX_ORDER_TOTAL_CENTS,
  placeLines,
  type Placed,
  cheapestShippingFor,
  priceLines,
  type PricedLine,
} from './placement.ts';
export { toOrderDto, type OrderView } from './repository.ts';
export { addShippedPieces, getOrder, listCompanyOrders, lockOrderLines, restockPieces } from './service.ts';
export {
  checkoutLines,
  findCheckout,
  findOrder,
  hasPaidOrder,
  lockCheckoutLines,
  lockOrder,
  markOrderPaid,
  setCheckoutPaymentIntent,
  setOrderPaymentIntent,
} from './service.ts';
