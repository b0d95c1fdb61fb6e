import type { CheckoutDelivery } from '@forgeline/shared/schemas/delivery';
import type { Order } from '@forgeline/shared/schemas/order';

/**
 * An order as the API answers it, for component tests: an unpaid, pending line of checkout CO-100001;
 * `over` sets what the test is about.
 */
export const makeOrder = (over: Partial<Order> = {}): Order => ({
  _id: '00000000-0000-4000-8000-000000000001',
  number: 'SO-100001',
  productId: 'p1',
  name: 'Ada',
  email: 'ada@acme.example',
  productName: 'Weld neck flange',
  price: 10,
  address: '1 Mill Road',
  phone: '+1 555 0100',
  buyQuantity: 5,
  totalPrize: 50,
  paid: false,
  transactionId: null,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  shippedAt: null,
  cancelledAt: null,
  checkoutId: 'c1',
  checkoutNumber: 'CO-100001',
  poReference: null,
  dueAt: null,
  ...over,
});

/** A checkout's delivery by freight quoted on request, to Germany, not priced yet. */
export const freightAwaitingQuote: CheckoutDelivery = {
  status: 'awaiting_quote',
  method: 'Pallet freight',
  kind: 'freight_quote',
  country: 'DE',
  region: null,
  cost: null,
  tax: null,
};
