// What other modules may use of delivery (docs/decisions/0235): pricing a chosen method at placement,
// whether a checkout must choose one, each line's share, and a checkout's delivery on the wire.
export { toCheckoutDelivery } from './mappers.ts';
export {
  cheapestShipping,
  deliveryOffered,
  deliveryOptionsFor,
  deliveryShares,
  priceDelivery,
  priceFreight,
  requireDeliveryChoice,
} from './service.ts';
