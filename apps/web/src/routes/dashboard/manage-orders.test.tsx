import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { Order } from '@forgeline/shared/schemas/order';
import { makeOrder } from '../../../test/orders';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import ManageOrdersRoute from './manage-orders';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));

const order = (n: number): Order =>
  makeOrder({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `FL-${100000 + n}`,
    productId: null,
    name: n % 2 ? 'Acme Works' : 'Borg Ltd',
    email: n % 2 ? 'buyer@acme.example' : 'buyer@borg.example',
    productName: `Part ${n}`,
    price: 1,
    buyQuantity: 10,
    totalPrize: 10,
    paid: n % 3 === 0,
    checkoutId: null,
    checkoutNumber: null,
    poReference: n === 2 ? 'PO-2026-0042' : null,
  });
const all = Array.from({ length: 120 }, (_, i) => order(i + 1));

/** The server's search, as far as this page needs it: search by e-mail, paid, pages of `limit`. */
const stubServer = () => {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const search = url.searchParams.get('search') ?? '';
    const paid = url.searchParams.get('paid');
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit'));
    const matches = all.filter((o) => o.email.includes(search) && (paid === null || String(o.paid) === paid));
    return jsonResponse(matches.slice((page - 1) * limit, page * limit), 200, {
      'x-total-count': String(matches.length),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
const lastQuery = (fetchMock: ReturnType<typeof stubServer>) =>
  new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;

afterEach(() => vi.unstubAllGlobals());

describe('Manage All Orders', () => {
  it('asks the server for one page at a time and numbers the rows across pages', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ManageOrdersRoute />, { route: '/dashboard/manageOrders' });
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(50));
    expect(screen.getByTestId('orders-count')).toHaveTextContent('(Total: 120)');
    expect(lastQuery(fetchMock).get('limit')).toBe('50');
    expect(screen.getByTestId('orders-page')).toHaveTextContent('Page 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('orders-page')).toHaveTextContent('Page 2 of 3'));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(screen.getAllByTestId('order-row')[0]).toHaveTextContent(/^51/));
  });

  it('moves an address past the last page to the last page', async () => {
    stubServer();
    const { router } = renderWithProviders(<ManageOrdersRoute />, {
      route: '/dashboard/manageOrders',
      path: '/dashboard/manageOrders?page=9',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(screen.getByTestId('orders-page')).toHaveTextContent('Page 3 of 3'));
  });

  it('keeps the search and filters in the address and starts them again at page 1', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ManageOrdersRoute />, {
      route: '/dashboard/manageOrders',
      path: '/dashboard/manageOrders?page=2',
    });
    await waitFor(() => expect(screen.getByTestId('orders-page')).toHaveTextContent('Page 2 of 3'));

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('orders-count')).toHaveTextContent('(Total: 60)'));
    expect(router.state.location.search).toBe('?search=acme');
    expect(lastQuery(fetchMock).get('search')).toBe('acme');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'Paid');
    await waitFor(() => expect(screen.getByTestId('orders-count')).toHaveTextContent('(Total: 20)'));
    expect(router.state.location.search).toBe('?search=acme&paid=true');
    // The export takes the same filters, never the page.
    expect(screen.getByRole('link', { name: /^Export CSV/ })).toHaveAttribute(
      'href',
      '/api/orders.csv?search=acme&paid=true',
    );
    expect(screen.queryByTestId('orders-page')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('orders-count')).toHaveTextContent('(Total: 120)'));
    expect(router.state.location.search).toBe('');
  });

  it('sends a search without its outer spaces, and says "+" where the server stopped counting', async () => {
    const fetchMock = stubServer();
    const listing = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string) => {
      const res = await listing(input);
      res.headers.set('x-total-count-capped', 'true');
      return res;
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ManageOrdersRoute />, { route: '/dashboard/manageOrders' });
    await waitFor(() => expect(screen.getByTestId('orders-count')).toHaveTextContent('(Total: 120+)'));
    expect(screen.getByTestId('orders-page')).toHaveTextContent('Page 1 of 3+');

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '  borg  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('orders-count')).toHaveTextContent('(Total: 60+)'));
    expect(router.state.location.search).toBe('?search=borg');
    expect(lastQuery(fetchMock).get('search')).toBe('borg');
  });

  it("shows the buyer's PO reference under the order number, and nothing for an order without one", async () => {
    stubServer();
    renderWithProviders(<ManageOrdersRoute />, { route: '/dashboard/manageOrders' });
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(50));
    const [first, second] = screen.getAllByTestId('order-row');
    expect(second).toHaveTextContent('FL-100002PO PO-2026-0042');
    expect(first!.querySelector('[data-testid="order-po"]')).toBeNull();
  });

  it('says when no order matches', async () => {
    stubServer();
    renderWithProviders(<ManageOrdersRoute />, {
      route: '/dashboard/manageOrders',
      path: '/dashboard/manageOrders?search=nobody',
    });
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
  });

  it('says a refused Ship is about shipping, not about making an admin', async () => {
    const fetchMock = stubServer();
    const listing = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'Admins only' }, 403)
        : listing(input),
    );
    const user = userEvent.setup();
    renderWithProviders(<ManageOrdersRoute />, {
      route: '/dashboard/manageOrders',
      path: '/dashboard/manageOrders?paid=true',
    });
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0));
    await user.click(screen.getAllByRole('button', { name: /^Ship the order/ })[0]!);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to ship the order'));
    expect(toast.error).not.toHaveBeenCalledWith('Failed to make an admin');
  });
});

describe('cancelling from Manage All Orders (decision 0195)', () => {
  const paid = { ...order(3), paid: true, transactionId: 'pi_1' };
  const refunded = {
    ...order(4),
    paid: true,
    status: 'cancelled' as const,
    cancelledAt: '2026-11-21T10:00:00Z',
  };
  const unpaidCancelled = { ...order(5), status: 'cancelled' as const, cancelledAt: '2026-11-21T10:00:00Z' };

  const stubCancel = () => {
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname.endsWith('/cancellation')) {
        return jsonResponse({
          outcome: 'refund',
          amount: 10,
          message: 'A refund of $10.00 will be made to the Visa card ending 4242.',
        });
      }
      if (init?.method === 'DELETE') return jsonResponse({ acknowledged: true, deletedCount: 1 });
      return jsonResponse([paid, refunded, unpaidCancelled], 200, { 'x-total-count': '3' });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('the dialog says the refund and its amount, from the server, before the admin confirms', async () => {
    const fetchMock = stubCancel();
    const { confirmDialog } = await import('@/lib/dialogs');
    const user = userEvent.setup();
    renderWithProviders(<ManageOrdersRoute />, { route: '/dashboard/manageOrders' });
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: `Cancel the order of Part 3 by ${paid.email}` }));
    await waitFor(() =>
      expect(confirmDialog).toHaveBeenCalledWith(
        'Yes, cancel it!',
        'A refund of $10.00 will be made to the Visa card ending 4242.',
      ),
    );
    // Asked before the cancel itself.
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    const asked = calls.findIndex((c) => c.endsWith(`/myOrder/${paid._id}/cancellation`));
    const cancelled = calls.findIndex((c) => c.startsWith('DELETE') && c.endsWith(`/myOrder/${paid._id}`));
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(cancelled).toBeGreaterThan(asked);
  });

  it("shows cancelled orders as 'Cancelled, refunded' or 'Cancelled', with no Cancel or Ship", async () => {
    stubCancel();
    renderWithProviders(<ManageOrdersRoute />, { route: '/dashboard/manageOrders' });
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    const statuses = screen.getAllByTestId('order-status').map((s) => s.textContent);
    expect(statuses).toEqual(['Pending', 'Cancelled, refunded', 'Cancelled']);
    for (const row of screen.getAllByTestId('order-row').slice(1)) {
      expect(row.querySelector('[data-action="cancel"] button')).toBeDisabled();
      expect(row.querySelector('[data-action="ship"] button')).toBeNull();
    }
  });
});
