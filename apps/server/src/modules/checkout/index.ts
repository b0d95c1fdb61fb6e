// What other modules may use of the checkout (docs/architecture.md §10): what a quote accepted as a
// checkout needs (its payment, its mails) and its wire shape.
export { toCheckoutDto } from './mappers.ts';
export {
  afterCheckoutPlaced,
  checkoutAnswer,
  type CheckoutOutcome,
  placeCheckout,
  queueCheckoutPlacedMails,
  requestInstead,
  settlePlaced,
  type PlacedCheckout,
} from './service.ts';
