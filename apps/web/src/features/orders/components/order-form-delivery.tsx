import { formatPrice } from '@forgeline/shared/money';
import { useOrderFormDelivery } from '@/lib/delivery-options';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * The delivery the order form adds to the order, before Confirm Order (decision 0268): the server's own
 * choice and price for this quantity, asked once the quantity stops changing. Nothing while there is
 * none (no method serves, or the quantity is not one the order takes).
 */
export const OrderFormDelivery = ({
  productId,
  quantity,
}: {
  productId: string;
  quantity: number | null;
}) => {
  const [settled] = useDebouncedValue(quantity, 300);
  const { data: delivery } = useOrderFormDelivery(productId, settled);
  if (!delivery) return null;
  const cost =
    delivery.cost === null
      ? 'quoted after you order'
      : delivery.cost === 0
        ? 'free'
        : `$ ${formatPrice(delivery.cost)}${delivery.tax ? ` + $ ${formatPrice(delivery.tax)} tax` : ''}`;
  return (
    <p className="rounded-box bg-base-200 px-4 py-2 text-sm" data-testid="purchase-delivery">
      Delivery by {delivery.name}: {cost}, added to this order.
    </p>
  );
};
