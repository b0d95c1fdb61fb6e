import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@forgeline/shared/schemas/order';
import { makeOrder } from '../../../../test/orders';
import { renderWithProviders } from '../../../../test/render';
import type { Shipment } from '@forgeline/shared/schemas/shipment';
import { ShipmentsList } from '@/features/shipments/components/shipments-list';
import { MyOrdersTable } from './my-orders-table';

let next = 0;
const order = (over: Partial<Order>): Order => {
  next += 1;
  return makeOrder({
    _id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    number: `FL-1000${String(next).padStart(2, '0')}`,
    productId: `p${next}`,
    productName: `Part ${next}`,
    price: 0.1,
    buyQuantity: 3,
    totalPrize: 0.3,
    ...over,
  });
};

const paid = { paid: true, transactionId: 'pi_1' };

describe('My Orders grouped by checkout', () => {
  it("groups each checkout's lines under its CO number with its total, status and one Order again", async () => {
    const first = [order({ ...paid }), order({ ...paid, status: 'shipped' }), order({})];
    const second = [order({ checkoutId: 'c2', checkoutNumber: 'CO-100002', ...paid, totalPrize: 12 })];
    const onReorder = vi.fn();
    renderWithProviders(
      <MyOrdersTable orders={[...first, ...second]} onCancel={vi.fn()} onReorder={onReorder} />,
    );
    const groups = screen.getAllByTestId('checkout-group');
    expect(groups).toHaveLength(2);
    const [one, two] = groups.map((group) => within(group));
    // Three lines of CO-100001, numbered down the page; $0.30 × 3 without float drift.
    expect(one!.getByText('CO-100001')).toBeInTheDocument();
    expect(one!.getAllByTestId('order-row')).toHaveLength(3);
    expect(one!.getByTestId('checkout-total')).toHaveTextContent('Total $ 0.90');
    expect(one!.getByTestId('checkout-status')).toHaveTextContent('2 of 3 paid · 1 of 3 shipped');
    expect(two!.getByTestId('checkout-total')).toHaveTextContent('Total $ 12');
    expect(two!.getByTestId('checkout-status')).toHaveTextContent(/^Paid$/);
    expect(screen.getAllByTestId('order-row').map((row) => row.querySelector('th')?.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);

    // One 'Order again' per checkout, none per line: it hands over every line of the checkout.
    expect(screen.getAllByRole('button', { name: /^Order again/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Order Part/ })).toBeNull();
    await userEvent.setup().click(one!.getByRole('button', { name: 'Order again: every part of CO-100001' }));
    expect(onReorder).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'c1', checkoutId: 'c1', orders: first }),
    );
  });

  it('keeps the spec columns, Cancel and Pay on each line', () => {
    const line = order({ checkoutId: 'c3', checkoutNumber: 'CO-100003', productName: 'Hex bolt' });
    renderWithProviders(<MyOrdersTable orders={[line]} onCancel={vi.fn()} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'No.',
      'Product Name',
      'Price Per Unit',
      'Buy Quantity',
      'Total Price',
      'Status',
      'Action',
      'Payment',
    ]);
    const row = within(screen.getByTestId('order-row'));
    expect(row.getByRole('button', { name: 'Cancel the order of Hex bolt' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Pay for the order of Hex bolt' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-status')).toHaveTextContent('Pending');
  });

  it('says how many pieces are back-ordered and when they should ship; nothing once cancelled', () => {
    const waiting = order({ ...paid, buyQuantity: 8, backorderedQuantity: 3, leadTimeDays: 14 });
    const whole = order({ ...paid, backorderedQuantity: 0, leadTimeDays: null });
    const cancelled = order({
      status: 'cancelled',
      cancelledAt: '2026-11-28T09:00:00.000Z',
      backorderedQuantity: 0,
      leadTimeDays: 14,
    });
    renderWithProviders(<MyOrdersTable orders={[waiting, whole, cancelled]} onCancel={vi.fn()} />);
    const notes = screen.getAllByTestId('order-backorder');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent('3 pcs back-ordered, ships in about 14 days');
  });

  it('reads a checkout on terms as awaiting payment until paid', () => {
    const onTerms = order({
      checkoutId: 'c4',
      checkoutNumber: 'CO-100004',
      dueAt: '2027-01-12T10:00:00.000Z',
    });
    renderWithProviders(<MyOrdersTable orders={[onTerms]} onCancel={vi.fn()} />);
    expect(screen.getByTestId('checkout-status')).toHaveTextContent('Awaiting payment (due 12 Jan 2027)');
  });

  it('counts a cancelled line apart: its label, no Cancel or Pay, and not in the total', () => {
    const cancelled = { status: 'cancelled' as const, cancelledAt: '2026-11-21T10:00:00.000Z' };
    const lines = [
      order({ checkoutId: 'c5', checkoutNumber: 'CO-100005', ...paid, totalPrize: 5 }),
      order({
        checkoutId: 'c5',
        checkoutNumber: 'CO-100005',
        ...paid,
        ...cancelled,
        totalPrize: 7,
        productName: 'Gone',
      }),
    ];
    renderWithProviders(<MyOrdersTable orders={lines} onCancel={vi.fn()} />);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Total $ 5');
    expect(screen.getByTestId('checkout-status')).toHaveTextContent('Paid · 1 cancelled');
    const row = within(screen.getAllByTestId('order-row')[1]!);
    expect(row.getByTestId('order-payment-state')).toHaveTextContent('Cancelled, refunded');
    expect(row.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(row.queryByRole('link', { name: /Pay for/ })).toBeNull();
  });

  it('reads a checkout whose every line was cancelled as cancelled', () => {
    const line = order({
      checkoutId: 'c6',
      checkoutNumber: 'CO-100006',
      status: 'cancelled',
      cancelledAt: '2026-11-21T10:00:00.000Z',
    });
    renderWithProviders(<MyOrdersTable orders={[line]} onCancel={vi.fn()} />);
    expect(screen.getByTestId('checkout-status')).toHaveTextContent(/^Cancelled$/);
    expect(screen.getByTestId('order-row')).toHaveTextContent('Nothing to pay');
  });

  it("names who placed a colleague's order, and not one's own", () => {
    renderWithProviders(
      <MyOrdersTable
        orders={[order({}), order({ email: 'bob@acme.example', name: 'Bob Stone' })]}
        onCancel={vi.fn()}
        viewerEmail="ada@acme.example"
      />,
    );
    const [own, colleague] = screen.getAllByTestId('order-meta');
    expect(own).not.toHaveTextContent('placed by');
    expect(colleague).toHaveTextContent('placed by Bob Stone');
  });

  it("offers Order again on one's own checkout only: a colleague's is theirs to order again", () => {
    renderWithProviders(
      <MyOrdersTable
        orders={[
          order({ checkoutId: 'c7', checkoutNumber: 'CO-100007' }),
          order({
            checkoutId: 'c8',
            checkoutNumber: 'CO-100008',
            email: 'bob@acme.example',
            name: 'Bob Stone',
          }),
        ]}
        onCancel={vi.fn()}
        onReorder={vi.fn()}
        viewerEmail="ada@acme.example"
      />,
    );
    expect(screen.getByRole('button', { name: 'Order again: every part of CO-100007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order again: every part of CO-100008' })).toBeNull();
  });
});

describe('My Orders shows how far each line has shipped (decision 0232)', () => {
  it('reads Partly shipped with its pieces, refuses Cancel, and lists the checkout’s shipments with their tracking links', () => {
    const partly = order({
      ...paid,
      buyQuantity: 5,
      shippedQuantity: 2,
      checkoutId: 'c9',
      checkoutNumber: 'CO-100009',
    });
    const full = order({
      ...paid,
      buyQuantity: 3,
      shippedQuantity: 3,
      status: 'shipped',
      checkoutId: 'c9',
      checkoutNumber: 'CO-100009',
    });
    const shipment: Shipment = {
      _id: 's1',
      number: 'SH-100001',
      carrier: 'dhl',
      carrierName: 'DHL',
      trackingNumber: 'JD0146',
      trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146',
      shippedAt: '2026-11-27T10:00:00.000Z',
      pieces: 5,
      lines: [
        { orderId: partly._id, orderNumber: partly.number, productName: partly.productName, quantity: 2 },
        { orderId: full._id, orderNumber: full.number, productName: full.productName, quantity: 3 },
      ],
    };
    renderWithProviders(
      <MyOrdersTable
        orders={[partly, full]}
        onCancel={vi.fn()}
        shipmentsOf={() => <ShipmentsList shipments={[shipment]} label="Shipments of CO-100009" />}
      />,
    );
    const [first, second] = screen.getAllByTestId('order-row').map((row) => within(row));
    expect(first!.getByTestId('order-shipping-state')).toHaveTextContent('Partly shipped (2 of 5)');
    expect(second!.getByTestId('order-shipping-state')).toHaveTextContent(/^Shipped$/);
    expect(first!.queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(first!.getByTestId('paid-cancel-note')).toHaveTextContent('Shipped orders cannot be cancelled.');
    expect(screen.getByTestId('checkout-status')).toHaveTextContent(
      'Paid · 1 of 2 shipped · 1 partly shipped',
    );

    const list = within(screen.getByRole('list', { name: 'Shipments of CO-100009' }));
    const link = list.getByRole('link', { name: 'Track SH-100001 with DHL: JD0146' });
    expect(link).toHaveAttribute('href', shipment.trackingUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(list.getByText('5 pcs')).toBeInTheDocument();
    // The packing slip is the shop's paper: the buyer's answer has none.
    expect(list.queryByRole('link', { name: /Packing slip/ })).toBeNull();
  });
});
