import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import OrderRoute from './order';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));

const ID = '00000000-0000-4000-8000-000000000007';
const detail = (shipped: boolean): AdminOrderDetail => ({
  order: {
    _id: ID,
    number: 'FL-100007',
    productId: null,
    name: 'Ada Lovelace',
    email: 'ada.lovelace@analytical-engines.example',
    productName: 'Weld neck flange',
    price: 2.5,
    address: '7 Rolling Mill Road\nRotherham S60 1AA',
    phone: '+44 1709 555 0101',
    buyQuantity: 100,
    totalPrize: 250,
    paid: true,
    transactionId: 'pi_3TestTransaction0001',
    status: shipped ? 'shipped' : 'pending',
    createdAt: '2026-11-20T09:00:00.000Z',
    paidAt: '2026-11-20T09:05:00.000Z',
    shippedAt: shipped ? '2026-11-21T10:00:00.000Z' : null,
    cancelledAt: null,
    checkoutId: 'c1',
    checkoutNumber: 'CO-100003',
    poReference: 'PO-7781',
    dueAt: null,
  },
  customerHasAccount: true,
  payment: {
    transactionId: 'pi_3TestTransaction0001',
    cardBrand: 'visa',
    cardLast4: '4242',
    paidAt: '2026-11-20T09:05:00.000Z',
  },
  checkout: {
    _id: 'c1',
    number: 'CO-100003',
    poReference: 'PO-7781',
    createdAt: '2026-11-20T09:00:00.000Z',
    placedTotal: 270,
    lineCount: 2,
    lines: [
      {
        _id: ID,
        number: 'FL-100007',
        productName: 'Weld neck flange',
        buyQuantity: 100,
        totalPrize: 250,
        paid: true,
        status: 'pending',
        shippedQuantity: 0,
        dueAt: null,
      },
    ],
  },
  documents: [],
  refunds: [
    {
      creditNote: 'CN-2026-0001',
      orderReference: 'FL-100008',
      amount: 20,
      refundedAt: '2026-11-20T11:00:00.000Z',
      pdfUrl: '/api/invoices/x/pdf',
    },
  ],
  timeline: [
    {
      at: '2026-11-20T09:00:00.000Z',
      kind: 'placed',
      text: 'Placed by Ada Lovelace in checkout CO-100003, PO PO-7781',
    },
    { at: '2026-11-20T09:05:00.000Z', kind: 'paid', text: 'Paid $250.00 by visa card ending 4242' },
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe('the order page (admin)', () => {
  it('shows where to deliver, the payment and the checkout, and ships from there', async () => {
    let shipped = false;
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        shipped = true;
        return jsonResponse({ acknowledged: true, modifiedCount: 1 });
      }
      // The order page lists the line's shipments beside its ship form (decision 0232).
      if (input.includes('/shipments')) return jsonResponse([]);
      return jsonResponse(detail(shipped));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OrderRoute />, { route: '/dashboard/order/:id', path: `/dashboard/order/${ID}` });

    expect(await screen.findByRole('heading', { name: 'Order FL-100007' })).toBeInTheDocument();
    expect(screen.getByTestId('order-address')).toHaveTextContent('7 Rolling Mill Road Rotherham S60 1AA');
    expect(screen.getByRole('link', { name: '+44 1709 555 0101' })).toHaveAttribute(
      'href',
      'tel:+4417095550101',
    );
    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('visa ending 4242')).toBeInTheDocument();
    expect(payment.getByText(/CN-2026-0001/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Checkout' })).getByText('PO-7781')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.includes('ending 4242'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The order is shipped'));
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining(`/api/order/shipped/${ID}`),
      expect.anything(),
    );
    // Refetched with the lists: the page now says Shipped and offers no Ship button.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull());
  });

  it('says a cancelled or unknown order is not there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Order not found' }, 404),
      ),
    );
    renderWithProviders(<OrderRoute />, { route: '/dashboard/order/:id', path: `/dashboard/order/${ID}` });
    expect(await screen.findByText(/There is no such order/)).toBeInTheDocument();
  });

  it("shows its checkout's delivery and, while freight awaits its price, the form that sets it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input.includes('/shipments')) return jsonResponse([]);
        if (input.includes('/checkouts/c1')) {
          return jsonResponse({
            _id: 'c1',
            number: 'CO-100003',
            delivery: {
              status: 'awaiting_quote',
              method: 'Pallet freight',
              kind: 'freight_quote',
              country: 'GB',
              region: null,
              cost: null,
              tax: null,
            },
          });
        }
        return jsonResponse(detail(false));
      }),
    );
    renderWithProviders(<OrderRoute />, { route: '/dashboard/order/:id', path: `/dashboard/order/${ID}` });
    const delivery = within(await screen.findByRole('region', { name: 'Delivery method and cost' }));
    expect(await delivery.findByText('Pallet freight')).toBeInTheDocument();
    expect(delivery.getByTestId('freight-awaiting')).toHaveTextContent('Waiting for the freight price');
    expect(delivery.getByRole('form', { name: 'Set the freight price' })).toBeInTheDocument();
  });
});
