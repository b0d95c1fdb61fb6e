import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { DeliveryOptions } from '@forgeline/shared/schemas/delivery';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { usePlaceCheckout } from '../api/place-checkout';
import { CheckoutForm } from './checkout-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const cart = {
  lines: [
    { productId: 'p1', sku: 'FL-BRG-6204', name: 'Ball bearing', quantity: 10, unitPrice: 12, problem: null },
  ],
  total: 120,
  count: 1,
} as unknown as Cart;
const options: DeliveryOptions = {
  weightGrams: 2500,
  options: [
    {
      methodId: 'm-pickup',
      name: 'Collection from the works',
      kind: 'collection',
      cost: 0,
      tax: 0,
      zoneName: null,
    },
    { methodId: 'm-parcel', name: 'Parcel', kind: 'flat', cost: 15, tax: 0, zoneName: 'Mainland US' },
    {
      methodId: 'm-freight',
      name: 'Freight',
      kind: 'freight_quote',
      cost: null,
      tax: null,
      zoneName: 'Mainland US',
    },
  ],
};

const Checkout = () => (
  <CheckoutForm
    cart={cart}
    contact={{ address: '7 Steel Row, Chicago', phone: '+1 312 555 0100' }}
    place={usePlaceCheckout()}
    terms={undefined}
    renderLines={() => null}
  />
);

describe('choosing a delivery method at checkout', () => {
  it('preselects the cheapest that delivers (not collection), adds its cost to the total and sends the choice, not a price', async () => {
    const calls = stubApi({
      'GET /config': jsonResponse({
        payments: { provider: 'test', publishableKey: null },
        orders: { paymentWindowMinutes: 30 },
      }),
      'GET /delivery/options': jsonResponse(options),
      'POST /checkout': jsonResponse({ _id: 'c1', number: 'CO-1' }, 201),
    });
    renderWithProviders(<Checkout />, { routes: [{ path: '/checkout/:id', element: <p>paying</p> }] });

    const methods = await screen.findByRole('group', { name: 'Delivery method' });
    // Collection is free, but a buyer who did not choose it expects the parts delivered.
    expect(await within(methods).findByRole('radio', { name: /Parcel/ })).toBeChecked();
    expect(within(methods).getByRole('radio', { name: /Collection from the works/ })).not.toBeChecked();
    expect(screen.getByTestId('delivery-cost')).toHaveTextContent('$ 15');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$ 135');
    expect(within(methods).getByText('Quoted after you order')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Place order · $ 135' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /checkout')).toBe(true));
    const body = calls.find((call) => call.key === 'POST /checkout')?.body as Record<string, unknown>;
    expect(body.delivery).toEqual({ methodId: 'm-parcel', country: 'US', region: null });
    expect(calls.find((call) => call.key === 'GET /delivery/options')?.url).toContain('country=US');
  });

  it('says when nothing delivers to the destination', async () => {
    stubApi({
      'GET /config': jsonResponse({
        payments: { provider: 'test', publishableKey: null },
        orders: { paymentWindowMinutes: 30 },
      }),
      'GET /delivery/options': jsonResponse({ weightGrams: 0, options: [] }),
    });
    renderWithProviders(<Checkout />);
    expect(await screen.findByText('We do not deliver there yet: please contact us.')).toBeInTheDocument();
  });
});
