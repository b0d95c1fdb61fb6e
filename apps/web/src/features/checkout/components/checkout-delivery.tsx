import type { CheckoutDelivery } from '@forgeline/shared/schemas/delivery';
import { formatPrice } from '@forgeline/shared/money';
import { useCheckout } from '../api/get-checkout';

/** What the buyer reads of a placed checkout's delivery: the method and its cost, or that freight waits for its price. */
export const deliveryCostText = (delivery: CheckoutDelivery) =>
  delivery.status === 'awaiting_quote' || delivery.cost === null
    ? 'Waiting for the freight price'
    : delivery.cost === 0
      ? 'No charge'
      : `$ ${formatPrice(delivery.cost)}`;

/** One line: 'Delivery: Parcel · $ 15.00' (net, as the checkout's totals show it). */
export const DeliverySummary = ({ delivery }: { delivery: CheckoutDelivery }) => (
  <span className="text-sm font-normal" data-testid="checkout-delivery">
    Delivery: {delivery.method} ·{' '}
    <span className={delivery.status === 'awaiting_quote' ? 'font-semibold' : 'whitespace-nowrap'}>
      {deliveryCostText(delivery)}
    </span>
  </span>
);

/**
 * A checkout's delivery in My Orders, loaded by its id (GET /api/checkouts/:id, cached with the payment
 * page's); nothing while loading, on error, or when it was placed without a delivery method.
 */
export const CheckoutDeliveryNote = ({ checkoutId }: { checkoutId: string }) => {
  const delivery = useCheckout(checkoutId).data?.delivery;
  return delivery ? <DeliverySummary delivery={delivery} /> : null;
};

/**
 * A line's payment page: its checkout's delivery as two cells of the page's summary list (the whole
 * checkout's, not this line's share); nothing when the checkout has no delivery method.
 */
export const CheckoutDeliveryRows = ({ checkoutId }: { checkoutId: string }) => {
  const delivery = useCheckout(checkoutId).data?.delivery;
  return delivery ? (
    <>
      <dt className="font-semibold">Delivery of the checkout</dt>
      <dd data-testid="checkout-delivery">
        {delivery.method} · {deliveryCostText(delivery)}
      </dd>
    </>
  ) : null;
};
