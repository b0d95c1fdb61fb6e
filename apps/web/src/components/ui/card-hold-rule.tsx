import { cardHoldRule, usePaymentConfig } from '@/lib/payment-config';

/**
 * The rule a buyer reads before placing a card order: the stock waits for their payment only so long
 * (PAYMENT_WINDOW_MINUTES, docs/decisions/0156). Nothing until the server has said how long.
 */
export const CardHoldRule = () => {
  const orders = usePaymentConfig().data?.orders;
  if (!orders) return null;
  return (
    <p className="text-xs text-base-content/75" data-testid="hold-rule">
      {cardHoldRule(orders)}
    </p>
  );
};
