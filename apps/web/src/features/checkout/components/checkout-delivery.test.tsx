import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { CheckoutDelivery } from '@forgeline/shared/schemas/delivery';
import { freightAwaitingQuote, makeOrder } from '../../../../test/orders';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { CheckoutDeliveryNote, CheckoutDeliveryRows } from './checkout-delivery';

afterEach(() => vi.unstubAllGlobals());

const checkout = (id: string, delivery: CheckoutDelivery | undefined) =>
  ({ _id: id, number: id.toUpperCase(), total: 100, orders: [], delivery }) as unknown as Checkout;
const parcel: CheckoutDelivery = {
  status: 'priced',
  method: 'Parcel',
  kind: 'flat',
  country: 'US',
  region: 'IL',
  cost: 15.5,
  tax: 1.55,
};
const freight = freightAwaitingQuote;

describe("a checkout's delivery in My Orders", () => {
  it('shows each checkout’s method and cost, and that freight quoted on request waits for its price', async () => {
    const calls = stubApi({
      'GET /checkouts/c1': jsonResponse(checkout('c1', parcel)),
      'GET /checkouts/c2': jsonResponse(checkout('c2', freight)),
      'GET /checkouts/c3': jsonResponse(checkout('c3', undefined)),
    });
    const orders = [
      makeOrder({ _id: '00000000-0000-4000-8000-000000000001' }),
      makeOrder({ _id: '00000000-0000-4000-8000-000000000002', checkoutId: 'c2', checkoutNumber: 'CO-2' }),
      makeOrder({ _id: '00000000-0000-4000-8000-000000000003', checkoutId: 'c3', checkoutNumber: 'CO-3' }),
    ];
    renderWithProviders(
      <MyOrdersTable
        orders={orders}
        onCancel={vi.fn()}
        deliveryOf={(group) =>
          group.checkoutId ? <CheckoutDeliveryNote checkoutId={group.checkoutId} /> : null
        }
      />,
    );
    const [one, two, three] = screen.getAllByTestId('checkout-group').map((group) => within(group));
    expect(await one!.findByTestId('checkout-delivery')).toHaveTextContent('Delivery: Parcel · $ 15.50');
    expect(await two!.findByTestId('checkout-delivery')).toHaveTextContent(
      'Delivery: Pallet freight · Waiting for the freight price',
    );
    // Placed without a delivery method: nothing is said.
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain('GET /checkouts/c3'));
    expect(three!.queryByTestId('checkout-delivery')).toBeNull();
  });

  it('says collection costs nothing', async () => {
    stubApi({
      'GET /checkouts/c1': jsonResponse(
        checkout('c1', { ...parcel, method: 'Collection', kind: 'collection', cost: 0, tax: 0 }),
      ),
    });
    renderWithProviders(<CheckoutDeliveryNote checkoutId="c1" />);
    expect(await screen.findByTestId('checkout-delivery')).toHaveTextContent(
      'Delivery: Collection · No charge',
    );
  });

  it("lists the checkout's delivery on a line's payment page", async () => {
    stubApi({ 'GET /checkouts/c2': jsonResponse(checkout('c2', freight)) });
    renderWithProviders(
      <dl>
        <CheckoutDeliveryRows checkoutId="c2" />
      </dl>,
    );
    expect(await screen.findByText('Delivery of the checkout')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent(
      'Pallet freight · Waiting for the freight price',
    );
  });
});
