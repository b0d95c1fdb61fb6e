import { DELIVERY_KINDS, type DeliveryKind } from '@forgeline/shared/delivery';
import { toDollars } from '@forgeline/shared/money';
import type { CheckoutDelivery } from '@forgeline/shared/schemas/delivery';
import type { CheckoutRow } from '../../db/schema/index.ts';

const isKind = (kind: string | null): kind is DeliveryKind =>
  kind !== null && (DELIVERY_KINDS as readonly string[]).includes(kind);

/** A checkout's delivery as the buyer and the shop read it; undefined when it was placed without one. */
export function toCheckoutDelivery(checkout: CheckoutRow): CheckoutDelivery | undefined {
  if (checkout.deliveryStatus === 'none' || !isKind(checkout.deliveryKind)) return undefined;
  const priced = checkout.deliveryStatus === 'priced';
  return {
    status: checkout.deliveryStatus,
    method: checkout.deliveryMethodName ?? '',
    kind: checkout.deliveryKind,
    country: checkout.deliveryCountry,
    region: checkout.deliveryRegion,
    cost: priced ? toDollars(checkout.deliveryCents) : null,
    tax: priced ? toDollars(checkout.deliveryTaxCents) : null,
  };
}
