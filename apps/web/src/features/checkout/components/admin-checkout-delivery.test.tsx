import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { CheckoutDelivery } from '@forgeline/shared/schemas/delivery';
import { freightAwaitingQuote } from '../../../../test/orders';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { AdminCheckoutDelivery } from './admin-checkout-delivery';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const checkout = (delivery: CheckoutDelivery | undefined) =>
  ({ _id: 'c1', number: 'CO-100001', total: 100, orders: [], delivery }) as unknown as Checkout;
const awaiting = freightAwaitingQuote;
const priced: CheckoutDelivery = { ...awaiting, status: 'priced', cost: 240, tax: 45.6 };

describe("the admin's view of a checkout's delivery", () => {
  it('shows method, destination, cost and tax, and no form once priced', async () => {
    stubApi({
      'GET /checkouts/c1': jsonResponse(
        checkout({ ...priced, method: 'Parcel', kind: 'flat', country: 'US', region: 'IL', cost: 15.5 }),
      ),
    });
    renderWithProviders(<AdminCheckoutDelivery checkoutId="c1" />);
    const view = within(await screen.findByTestId('admin-checkout-delivery'));
    expect(view.getByText('Parcel')).toBeInTheDocument();
    expect(view.getByText('(Flat rate)')).toBeInTheDocument();
    expect(view.getByText(/\(US-IL\)/)).toBeInTheDocument();
    expect(view.getByTestId('delivery-cost')).toHaveTextContent('$ 15.50');
    expect(view.getByTestId('delivery-tax')).toHaveTextContent('$ 45.60');
    expect(screen.queryByRole('form', { name: 'Set the freight price' })).toBeNull();
  });

  it('says when the checkout was placed without a delivery method', async () => {
    stubApi({ 'GET /checkouts/c1': jsonResponse(checkout(undefined)) });
    renderWithProviders(<AdminCheckoutDelivery checkoutId="c1" />);
    expect(await screen.findByText('Placed without a delivery method.')).toBeInTheDocument();
  });

  it("checks the price, shows the server's refusal, then prices the freight and shows it", async () => {
    let answer = checkout(awaiting);
    let refuse = true;
    const calls = stubApi({
      'GET /checkouts/c1': () => jsonResponse(answer),
      'POST /checkouts/c1/freight': () => {
        if (refuse) {
          return jsonResponse(
            { message: 'The freight of this checkout is priced already.', code: 'FREIGHT_ALREADY_PRICED' },
            409,
          );
        }
        answer = checkout(priced);
        return jsonResponse({ checkoutId: 'c1', number: 'CO-100001', delivery: priced });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminCheckoutDelivery checkoutId="c1" />);
    expect(await screen.findByTestId('freight-awaiting')).toHaveTextContent('Waiting for the freight price');
    const form = within(screen.getByRole('form', { name: 'Set the freight price' }));
    const input = form.getByLabelText('Freight price, net ($)');

    // The shared schema's rule, before any request.
    await user.type(input, '12.345');
    await user.click(form.getByRole('button', { name: 'Set the price' }));
    expect(await form.findByText('Freight price has at most 2 decimals')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);

    // The server's refusal reads as its message.
    await user.clear(input);
    await user.type(input, '240');
    await user.click(form.getByRole('button', { name: 'Set the price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The freight of this checkout is priced already.',
    );
    expect(calls.find((call) => call.key === 'POST /checkouts/c1/freight')?.body).toEqual({ price: 240 });

    // Priced: the checkout is loaded again and the form is gone.
    refuse = false;
    await user.click(form.getByRole('button', { name: 'Set the price' }));
    expect(await screen.findByTestId('delivery-cost')).toHaveTextContent('$ 240');
    expect(screen.getByTestId('delivery-tax')).toHaveTextContent('$ 45.60');
    expect(screen.queryByRole('form', { name: 'Set the freight price' })).toBeNull();
  });
});
