import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Return } from '@forgeline/shared/schemas/return';
import { makeOrder } from '../../../../test/orders';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { AdminReturnsList } from './admin-returns';
import { ReturnsPanel } from './returns-panel';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const aReturn = (over: Partial<Return> = {}): Return => ({
  _id: 'r1',
  number: 'RT-100001',
  orderId: A,
  orderNumber: 'SO-100001',
  productName: 'Weld neck flange',
  customerName: 'Ada Buyer',
  quantity: 2,
  reason: 'damaged',
  comment: 'Bent in transit',
  status: 'requested',
  note: null,
  resaleable: null,
  amount: 47.58,
  refundMethod: null,
  creditNoteNumber: null,
  creditNoteUrl: null,
  requestedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  receivedAt: null,
  refundedAt: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('My Orders: returns', () => {
  const orders = [
    makeOrder({
      _id: A,
      number: 'SO-100001',
      productName: 'Weld neck flange',
      buyQuantity: 5,
      shippedQuantity: 4,
    }),
    // Nothing shipped: nothing to return.
    makeOrder({ _id: B, number: 'SO-100002', productName: 'Gasket', buyQuantity: 3, shippedQuantity: 0 }),
  ];

  it('offers the shipped pieces not yet asked back, checks the form, sends the request and shows its step', async () => {
    let mine: Return[] = [
      aReturn({ _id: 'r0', number: 'RT-100000', quantity: 1, status: 'refused', note: 'No' }),
    ];
    const fetchMock = vi.fn(async (_input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const created = aReturn({ quantity: 3, reason: 'wrong_part', comment: null });
        mine = [created, ...mine];
        return jsonResponse(created, 201);
      }
      return jsonResponse(mine);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ReturnsPanel orders={orders} />);

    // 4 shipped; the refused return holds none of them.
    await user.click(await screen.findByRole('button', { name: 'Return pieces of SO-100001' }));
    expect(screen.queryByRole('button', { name: /SO-100002/ })).toBeNull();
    const form = within(screen.getByRole('form', { name: 'Return pieces of SO-100001' }));
    const pieces = form.getByLabelText('Pieces to return');
    expect(pieces).toHaveValue(4);
    await user.clear(pieces);
    await user.type(pieces, '5');
    await user.selectOptions(form.getByLabelText('Reason'), 'Other');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    expect(await form.findByText('Only 4 pieces can be returned.')).toBeInTheDocument();
    expect(form.getByText('Tell us why you return the pieces.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(pieces);
    await user.type(pieces, '3');
    await user.selectOptions(form.getByLabelText('Reason'), 'Wrong part delivered');
    await user.click(form.getByRole('button', { name: 'Ask to return' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toContain('/api/returns');
    expect(JSON.parse(post[1]!.body as string)).toEqual({ orderId: A, quantity: 3, reason: 'wrong_part' });

    const list = within(await screen.findByRole('list', { name: 'Your returns' }));
    await waitFor(() => expect(list.getAllByTestId('my-return')).toHaveLength(2));
    expect(list.getAllByTestId('return-status').map((badge) => badge.textContent)).toEqual([
      'Requested',
      'Refused',
    ]);
    expect(list.getByText('Our note: No')).toBeInTheDocument();
  });

  it('shows a refunded return with how it was refunded and its credit note', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse([
          aReturn({
            status: 'refunded',
            refundMethod: 'card',
            creditNoteNumber: 'CN-2026-000003',
            creditNoteUrl: '/api/invoices/i3/pdf',
          }),
        ]),
      ),
    );
    renderWithProviders(<ReturnsPanel orders={orders} />);
    const list = within(await screen.findByRole('list', { name: 'Your returns' }));
    expect(list.getByTestId('return-status')).toHaveTextContent('Refunded');
    expect(list.getByText(/Refund to the card: \$47\.58/)).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Credit note CN-2026-000003' })).toHaveAttribute(
      'href',
      '/api/invoices/i3/pdf',
    );
  });
});

describe('the shop’s returns list', () => {
  it('offers each step only where it applies and sends what the admin entered', async () => {
    const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) =>
      jsonResponse(aReturn({ status: 'received' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <AdminReturnsList
        returns={[
          aReturn({ customerEmail: 'ada@example.com' }),
          aReturn({ _id: 'r2', number: 'RT-100002', status: 'approved' }),
          aReturn({ _id: 'r3', number: 'RT-100003', status: 'received' }),
        ]}
      />,
    );
    expect(screen.getByText(/Ada Buyer \(ada@example\.com\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve RT-100001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve RT-100002' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refund .* RT-100002/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refund $47.58 for RT-100003' })).toBeInTheDocument();

    const resaleable = screen.getAllByLabelText('Pieces fit to sell again (of 2)');
    expect(resaleable).toHaveLength(1);
    await user.clear(resaleable[0]!);
    await user.type(resaleable[0]!, '1');
    await user.click(screen.getByRole('button', { name: 'Mark RT-100002 received' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toContain('/api/returns/r2/receive');
    expect(JSON.parse(init!.body as string)).toEqual({ resaleable: 1 });
  });

  it('shows the server’s refusal beside the return', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'Return RT-100003 is refunded: only a return that is received can be refunded.',
            code: 'RETURN_STATUS',
          },
          409,
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <AdminReturnsList returns={[aReturn({ _id: 'r3', number: 'RT-100003', status: 'received' })]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Refund $47.58 for RT-100003' }));
    expect(
      await screen.findByText(
        'Return RT-100003 is refunded: only a return that is received can be refunded.',
      ),
    ).toBeInTheDocument();
  });
});
