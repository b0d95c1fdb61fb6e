import { toDollars } from '@forgeline/shared/money';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { CheckoutRow, OrderRow } from '../../db/schema/index.ts';
import { toOrderDto } from '../orders/index.ts';
import { toCheckoutDelivery } from '../delivery/index.ts';

/** The one place where a checkout and its standing lines become the wire shape. */
export function toCheckoutDto(checkout: CheckoutRow, lines: readonly OrderRow[]): Checkout {
  return {
    _id: checkout.id,
    number: checkout.number,
    poReference: checkout.poReference,
    address: checkout.address,
    phone: checkout.phone,
    total: toDollars(lines.reduce((sum, line) => sum + line.totalCents, 0)),
    ...(checkout.taxTreatment !== 'none' && {
      tax: {
        treatment: checkout.taxTreatment,
        tax: toDollars(lines.reduce((sum, line) => sum + line.taxCents + line.deliveryTaxCents, 0)),
        totalWithTax: toDollars(lines.reduce((sum, line) => sum + line.grossCents, 0)),
        note: checkout.taxNote,
      },
    }),
    ...(toCheckoutDelivery(checkout) && { delivery: toCheckoutDelivery(checkout) }),
    paid: lines.length > 0 && lines.every((line) => line.paid),
    createdAt: checkout.createdAt.toISOString(),
    paymentMethod: checkout.paymentMethod,
    dueAt: checkout.dueAt?.toISOString() ?? null,
    orders: lines.map((line) =>
      toOrderDto({ ...line, checkoutNumber: checkout.number, poReference: checkout.poReference }),
    ),
  };
}
