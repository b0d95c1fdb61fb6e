import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { DeliveryBook } from '@/components/ui/delivery-site-choice';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { makeAddress, makeRequest, stubApi } from '../../../../test/company';
import { usePlaceCheckout } from '../api/place-checkout';
import { CheckoutForm } from './checkout-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const cart = {
  lines: [
    {
      productId: 'p1',
      sku: 'FL-BRG-6204',
      name: 'Ball bearing',
      quantity: 500,
      unitPrice: 12,
      problem: null,
    },
  ],
  total: 6000,
  count: 1,
} as unknown as Cart;
const contact = { address: '4 Quay Street, Hull', phone: '+44 1482 000000' };
const config = jsonResponse({
  payments: { provider: 'test', publishableKey: null },
  orders: { paymentWindowMinutes: 30 },
});

const Checkout = ({ book, cannotOrder }: { book?: DeliveryBook; cannotOrder?: boolean }) => (
  <CheckoutForm
    cart={cart}
    contact={contact}
    place={usePlaceCheckout()}
    terms={undefined}
    renderLines={() => null}
    book={book}
    cannotOrder={cannotOrder ?? false}
  />
);
const render = (element: React.ReactElement) =>
  renderWithProviders(element, { routes: [{ path: '/checkout/:id', element: <p>paying</p> }] });
// The button waits for the delivery methods (none are served here: the lookup's 404 settles it).
const placeOrder = async () => {
  const button = screen.getByRole('button', { name: /^Place order/ });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
};
const sentBody = (calls: ReturnType<typeof stubApi>) =>
  calls.find((call) => call.key === 'POST /checkout')?.body as Record<string, unknown> | undefined;

describe('checkout of a company buyer', () => {
  it('delivers only to a site of the book when the company allows no typed address', async () => {
    const calls = stubApi({
      'GET /config': config,
      'POST /checkout': jsonResponse({ _id: 'c1', number: 'CO-1' }, 201),
    });
    render(<Checkout book={{ sites: [makeAddress()], allowFreeText: false }} />);
    const choice = screen.getByLabelText('Deliver to');
    expect(choice).toHaveDisplayValue('Leeds plant — 9 Forge Lane, Leeds');
    expect(screen.queryByRole('option', { name: 'Type an address' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('9 Forge Lane, Leeds');
    expect(screen.getByLabelText('Address')).toHaveAttribute('readonly');
    await placeOrder();
    await waitFor(() =>
      expect(sentBody(calls)).toMatchObject({
        addressId: makeAddress().id,
        address: '9 Forge Lane, Leeds',
        phone: '+44 113 000000',
      }),
    );
  });

  it('lets the buyer type an address when the company allows it, sending no site', async () => {
    const calls = stubApi({
      'GET /config': config,
      'POST /checkout': jsonResponse({ _id: 'c1', number: 'CO-1' }, 201),
    });
    render(<Checkout book={{ sites: [makeAddress()], allowFreeText: true }} />);
    await userEvent.selectOptions(screen.getByLabelText('Deliver to'), 'Type an address');
    expect(screen.getByLabelText('Address')).toHaveValue('4 Quay Street, Hull');
    expect(screen.getByLabelText('Address')).not.toHaveAttribute('readonly');
    await placeOrder();
    await waitFor(() => expect(sentBody(calls)).toMatchObject({ address: '4 Quay Street, Hull' }));
    expect(sentBody(calls)).not.toHaveProperty('addressId');
  });

  it('takes a 202 as sent for approval, not as an error', async () => {
    stubApi({ 'GET /config': config, 'POST /checkout': jsonResponse({ request: makeRequest() }, 202) });
    render(<Checkout book={{ sites: [makeAddress()], allowFreeText: true }} />);
    await placeOrder();
    const sent = await screen.findByTestId('approval-sent');
    expect(sent).toHaveTextContent('Sent for approval');
    expect(sent).toHaveTextContent(
      /Request RQ-100001 for \$ 6,?000: Over Bob's per-order limit of \$5,000\.00\./,
    );
    expect(screen.getByRole('link', { name: /approvals/ })).toHaveAttribute(
      'href',
      '/dashboard/company?tab=approvals',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a finance member they cannot place orders', () => {
    stubApi({ 'GET /config': config });
    render(<Checkout book={{ sites: [], allowFreeText: true }} cannotOrder />);
    expect(screen.getByTestId('cannot-order')).toHaveTextContent(
      'Finance members of a company cannot place orders',
    );
    expect(screen.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  });

  it('waits for the delivery methods before Place order, then sends the cheapest', async () => {
    let answer: (response: Response) => void = () => undefined;
    const lookup = new Promise<Response>((resolve) => (answer = resolve));
    const calls = stubApi({
      'GET /config': config,
      'GET /delivery/options': () => lookup,
      'POST /checkout': jsonResponse({ _id: 'c1', number: 'CO-1' }, 201),
    });
    render(<Checkout />);
    expect(await screen.findByText('Looking up delivery methods…')).toBeInTheDocument();
    // Placed now, the order would go without a method and the server would refuse it.
    expect(screen.getByRole('button', { name: /^Place order/ })).toBeDisabled();
    const parcel = { name: 'Light parcel', kind: 'parcel', tax: 0, zoneName: 'Home' };
    answer(
      jsonResponse({
        weightGrams: 500,
        options: [
          { ...parcel, methodId: 'm-cheap', cost: 9 },
          { ...parcel, methodId: 'm-fast', name: 'Express', cost: 25 },
        ],
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Place order/ })).toHaveTextContent('Place order · $ 6009'),
    );
    await placeOrder();
    await waitFor(() =>
      expect(sentBody(calls)).toMatchObject({ delivery: { methodId: 'm-cheap', country: 'US' } }),
    );
  });

  it("shows the server's refusal (403) as it says it", async () => {
    stubApi({
      'GET /config': config,
      'POST /checkout': jsonResponse(
        { message: 'Finance members cannot place orders', code: 'FORBIDDEN' },
        403,
      ),
    });
    render(<Checkout />);
    await placeOrder();
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      'Finance members cannot place orders',
    );
  });
});
