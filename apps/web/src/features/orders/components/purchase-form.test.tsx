import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders as render } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { makeProduct } from '../../../../test/products';
import { PurchaseForm } from './purchase-form';

const product = makeProduct();
const user = { name: 'Dana Buyer', email: 'dana@example.com' };

const setup = () => {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  render(<PurchaseForm product={product} user={user} onSubmit={onSubmit} />);
  return {
    onSubmit,
    quantity: screen.getByLabelText('Quantity'),
    confirm: screen.getByRole('button', { name: 'Confirm Order' }),
  };
};

// No delivery method serves unless a test says so (GET /api/order/delivery answers null).
beforeEach(() => stubApi({ 'GET /order/delivery': jsonResponse({ delivery: null }) }));
afterEach(() => vi.unstubAllGlobals());

describe('PurchaseForm', () => {
  it('tells a member whose role places no orders so, with no Confirm Order to press', () => {
    render(<PurchaseForm product={product} user={user} onSubmit={vi.fn()} cannotOrder />);
    expect(screen.getByTestId('cannot-order')).toHaveTextContent(
      'Finance members of a company cannot place orders: a buyer, an approver or your company admin can.',
    );
    expect(screen.getByRole('button', { name: 'Confirm Order' })).toBeDisabled();
  });

  it('shows the delivery the order will be charged for the quantity, before Confirm Order', async () => {
    const calls = stubApi({
      'GET /order/delivery': jsonResponse({
        delivery: {
          methodId: 'm1',
          name: 'Light parcel',
          kind: 'weight',
          cost: 9,
          tax: 0.56,
          zoneName: 'US',
        },
      }),
    });
    const { quantity } = setup();
    expect(await screen.findByTestId('purchase-delivery')).toHaveTextContent(
      /^Delivery by Light parcel: \$ 9(\.00)? \+ \$ 0\.56 tax, added to this order\.$/,
    );
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '150');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('buyQuantity=150'));
    expect(calls.at(-1)?.url).toContain(`productId=${product._id}`);
    // A quantity the order would refuse asks nothing and shows no delivery.
    const asked = calls.length;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await waitFor(() => expect(screen.queryByTestId('purchase-delivery')).toBeNull());
    expect(calls).toHaveLength(asked);
  });

  it("starts from the profile's address and phone and places the order with them", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <PurchaseForm
        product={product}
        user={user}
        contact={{ address: '18 Foundry Lane, Pittsburgh', phone: '+1 555 0142' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText('Address')).toHaveValue('18 Foundry Lane, Pittsburgh');
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('+1 555 0142');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      address: '18 Foundry Lane, Pittsburgh',
      phone: '+1 555 0142',
      buyQuantity: 100,
    });
  });

  it('starts at the minimum order with disabled name and email and a live total', async () => {
    const { quantity } = setup();
    expect(quantity).toHaveValue(100);
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Buyer');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$ 250');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '123');
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$ 307.50');
  });

  it("says You can't order less than {minOrder} pcs ! and disables Confirm Order", async () => {
    const { quantity, confirm } = setup();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '99');
    expect(await screen.findByText("You can't order less than 100 pcs !")).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
  });

  it('says You cannot buy more than availability! and disables Confirm Order', async () => {
    const { quantity, confirm } = setup();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '501');
    expect(await screen.findByText('You cannot buy more than availability!')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '500');
    expect(screen.queryByText('You cannot buy more than availability!')).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();
  });

  it('requires the quantity, the address and the phone', async () => {
    const { quantity, confirm, onSubmit } = setup();
    await userEvent.clear(quantity);
    expect(await screen.findByText('Quantity is required')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await userEvent.type(quantity, '150');
    await userEvent.click(confirm);
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the order with quantity × price as the total', async () => {
    const { quantity, confirm, onSubmit } = setup();
    await userEvent.type(screen.getByLabelText('Address'), '18 Foundry Lane');
    await userEvent.type(screen.getByLabelText('Mobile Number'), '+1 555 0142');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '101');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { address: '18 Foundry Lane', phone: '+1 555 0142', buyQuantity: 101 },
        { price: 2.5, totalPrize: 252.5 },
      ),
    );
  });

  it('prices at the tier in force and refuses a quantity that is not a whole pack', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const tiered = { ...product, packSize: 10, priceTiers: [{ minQuantity: 200, price: 2.25 }] };
    render(<PurchaseForm product={tiered} user={user} onSubmit={onSubmit} />);
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.type(screen.getByLabelText('Address'), '18 Foundry Lane');
    await userEvent.type(screen.getByLabelText('Mobile Number'), '+1 555 0142');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '205');
    expect(screen.getByText('Order in multiples of 10 pcs.')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '200');
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$ 450');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { price: 2.25, totalPrize: 450 }),
    );
  });

  it('shows the server error above the button', () => {
    render(
      <PurchaseForm product={product} user={user} onSubmit={vi.fn()} submitError="Only 20 pcs are left" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Only 20 pcs are left');
  });

  it('takes more than the stock of a part that allows back-orders and says when the rest ships', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <PurchaseForm
        product={{ ...product, allowBackorder: true, leadTimeDays: 14 }}
        user={user}
        contact={{ address: '18 Foundry Lane, Pittsburgh', phone: '+1 555 0142' }}
        onSubmit={onSubmit}
      />,
    );
    expect(
      screen.getByText('At least 100 pcs; 500 in stock, more ships in about 14 days'),
    ).toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity');
    expect(screen.queryByTestId('purchase-backorder')).toBeNull();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '800');
    expect(screen.queryByText('You cannot buy more than availability!')).toBeNull();
    expect(screen.getByTestId('purchase-backorder')).toHaveTextContent(
      '300 pcs back-ordered, ships in about 14 days',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ buyQuantity: 800 });
  });
});
