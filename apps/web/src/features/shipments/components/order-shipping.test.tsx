import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import type { Shipment } from '@forgeline/shared/schemas/shipment';
import { makeOrder } from '../../../../test/orders';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { OrderShipping } from './order-shipping';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const line = (id: string, number: string, productName: string, buyQuantity: number, extra = {}) => ({
  _id: id,
  number,
  productName,
  buyQuantity,
  totalPrize: buyQuantity,
  paid: true,
  status: 'pending' as const,
  shippedQuantity: 0,
  dueAt: null,
  ...extra,
});

const detail = (shippedOfA = 0): AdminOrderDetail => ({
  order: makeOrder({ _id: A, number: 'SO-100001', buyQuantity: 5, paid: true, shippedQuantity: shippedOfA }),
  customerHasAccount: true,
  payment: {
    transactionId: 'pi_1',
    cardBrand: 'visa',
    cardLast4: '4242',
    paidAt: '2026-11-20T09:05:00.000Z',
  },
  checkout: {
    _id: 'c1',
    number: 'CO-100001',
    poReference: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    placedTotal: 10,
    lineCount: 3,
    lines: [
      line(A, 'SO-100001', 'Weld neck flange', 5, { shippedQuantity: shippedOfA }),
      line(B, 'SO-100002', 'Gasket', 3),
      // Unpaid, not on terms: it may not ship, so the form leaves it out.
      line(C, 'SO-100003', 'Bolt', 2, { paid: false }),
    ],
  },
  documents: [],
  refunds: [],
  timeline: [],
});

const shipment: Shipment = {
  _id: 's1',
  number: 'SH-100001',
  carrier: 'ups',
  carrierName: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  shippedAt: '2026-11-27T10:00:00.000Z',
  pieces: 2,
  lines: [{ orderId: A, orderNumber: 'SO-100001', productName: 'Weld neck flange', quantity: 2 }],
  packingSlipUrl: '/api/shipments/s1/packingSlip.pdf',
};

afterEach(() => vi.unstubAllGlobals());

describe('the order page ships pieces (admin)', () => {
  it('sends the quantities picked per line, the carrier and the tracking number, then lists the shipment', async () => {
    let shipped: Shipment[] = [];
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        shipped = [shipment];
        return jsonResponse(shipment, 201);
      }
      return jsonResponse(shipped);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OrderShipping detail={detail()} />);

    const form = within(await screen.findByRole('form', { name: 'Ship pieces' }));
    expect(await screen.findByText('None yet.')).toBeInTheDocument();
    // Every line that may ship, with all that is left by default; the unpaid one is not offered.
    const ofA = form.getByLabelText('Pieces of SO-100001 (Weld neck flange)');
    const ofB = form.getByLabelText('Pieces of SO-100002 (Gasket)');
    expect(ofA).toHaveValue(5);
    expect(ofB).toHaveValue(3);
    expect(form.queryByLabelText(/SO-100003/)).toBeNull();

    await user.clear(ofA);
    await user.type(ofA, '2');
    await user.clear(ofB);
    await user.type(ofB, '0');
    await user.selectOptions(form.getByLabelText('Carrier'), 'UPS');
    await user.type(form.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(form.getByRole('button', { name: 'Ship these pieces' }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/shipments'), expect.anything()),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      lines: [{ orderId: A, quantity: 2 }],
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    // Refetched: the shipment with its tracking link and packing slip.
    const list = within(await screen.findByRole('list', { name: 'Shipments of SO-100001' }));
    expect(list.getByRole('link', { name: /Track SH-100001 with UPS/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(list.getByRole('link', { name: 'Packing slip (PDF)' })).toHaveAttribute(
      'href',
      '/api/shipments/s1/packingSlip.pdf',
    );
  });

  it('says what is wrong before anything is sent: too many pieces, nothing picked, no tracking number', async () => {
    const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => jsonResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OrderShipping detail={detail(3)} />);
    const form = within(await screen.findByRole('form', { name: 'Ship pieces' }));
    const ofA = form.getByLabelText('Pieces of SO-100001 (Weld neck flange)');
    // 3 of its 5 have gone.
    expect(ofA).toHaveValue(2);
    await user.clear(ofA);
    await user.type(ofA, '3');
    await user.click(form.getByRole('button', { name: 'Ship these pieces' }));
    expect(await form.findByText('Only 2 pieces are left to ship.')).toBeInTheDocument();
    expect(form.getByText(/Enter the tracking number the carrier gave/)).toBeInTheDocument();

    await user.clear(ofA);
    await user.type(ofA, '0');
    await user.clear(form.getByLabelText('Pieces of SO-100002 (Gasket)'));
    await user.selectOptions(form.getByLabelText('Carrier'), 'Other');
    await user.click(form.getByRole('button', { name: 'Ship these pieces' }));
    expect(await form.findByText('Pick at least one piece to ship.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal, and offers no form when nothing may ship', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse(
              {
                message: 'Order SO-100001 has 1 of its 5 pieces left to ship: 5 cannot ship.',
                code: 'OVER_SHIPPED',
              },
              409,
            )
          : jsonResponse([]),
      ),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<OrderShipping detail={detail()} />);
    const form = within(await screen.findByRole('form', { name: 'Ship pieces' }));
    await user.selectOptions(form.getByLabelText('Carrier'), 'Other');
    await user.click(form.getByRole('button', { name: 'Ship these pieces' }));
    expect(await form.findByText(/has 1 of its 5 pieces left to ship/)).toBeInTheDocument();
    unmount();

    const done = detail(5);
    done.checkout!.lines = done.checkout!.lines.map((each) => ({
      ...each,
      status: each.paid ? ('shipped' as const) : each.status,
      shippedQuantity: each.paid ? each.buyQuantity : 0,
    }));
    renderWithProviders(<OrderShipping detail={done} />);
    expect(await screen.findByTestId('nothing-to-ship')).toBeInTheDocument();
  });
});
