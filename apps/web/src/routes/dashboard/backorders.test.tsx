import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Backorder } from '@forgeline/shared/schemas/backorder';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import BackordersRoute from './backorders';

const lines: Backorder[] = [
  {
    orderId: 'o1',
    orderNumber: 'SO-100041',
    checkoutNumber: 'CO-100020',
    productId: 'p1',
    productName: 'Hex Flange Bolt M12',
    sku: 'FL-BLT-M12',
    buyerName: 'Dana Buyer',
    buyerEmail: 'dana@example.com',
    ordered: 800,
    backordered: 300,
    leadTimeDays: 14,
    orderedAt: '2026-11-20T09:00:00.000Z',
    ageDays: 8,
  },
  {
    orderId: 'o2',
    orderNumber: 'SO-100057',
    checkoutNumber: null,
    productId: 'p1',
    productName: 'Hex Flange Bolt M12',
    sku: 'FL-BLT-M12',
    buyerName: 'Eli Engineer',
    buyerEmail: 'eli@example.com',
    ordered: 50,
    backordered: 50,
    leadTimeDays: 1,
    orderedAt: '2026-11-28T08:00:00.000Z',
    ageDays: 0,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('Back-orders (admin)', () => {
  it('lists the waiting lines oldest first with part, order, buyer, pieces and age', async () => {
    const fetchMock = vi.fn(async (_input: string) => jsonResponse(lines));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BackordersRoute />, { route: '/dashboard/backorders' });
    const rows = await screen.findAllByTestId('backorder-row');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/backorders?page=1&limit=50');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Hex Flange Bolt M12')).toBeInTheDocument();
    expect(first.getByText('FL-BLT-M12')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'SO-100041' })).toHaveAttribute('href', '/dashboard/order/o1');
    expect(rows[0]).toHaveTextContent('Dana Buyer');
    expect(rows[0]).toHaveTextContent('300 of 800 pcs');
    expect(rows[0]).toHaveTextContent('ships in about 14 days');
    expect(rows[0]).toHaveTextContent('8 days');
    expect(rows[1]).toHaveTextContent('50 of 50 pcs');
    expect(rows[1]).toHaveTextContent('ships in about 1 day');
    expect(rows[1]).toHaveTextContent('today');
  });

  it('keeps each cell in one box, so a stacked card shows the SKU, e-mail and lead time under their line', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(lines));
    renderWithProviders(<BackordersRoute />, { route: '/dashboard/backorders' });
    const [row] = await screen.findAllByTestId('backorder-row');
    // A stacked cell is a flex row of its label and its content: loose pieces would sit side by side.
    for (const cell of row!.querySelectorAll('td[data-label]')) {
      expect(cell.childNodes, cell.getAttribute('data-label') ?? '').toHaveLength(1);
    }
  });

  it('pages a long list from the address, with the total in the title', async () => {
    const fetchMock = vi.fn(async (_input: string) => jsonResponse(lines, 200, { 'x-total-count': '120' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BackordersRoute />, {
      path: '/dashboard/backorders?page=2',
      route: '/dashboard/backorders',
    });
    await screen.findAllByTestId('backorder-row');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/backorders?page=2&limit=50');
    expect(screen.getByTestId('backorders-count')).toHaveTextContent('(Lines waiting: 120)');
    expect(screen.getByRole('navigation', { name: 'Pages of back-orders' })).toBeInTheDocument();
  });

  it('says so when nothing waits for stock', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse([]));
    renderWithProviders(<BackordersRoute />, { route: '/dashboard/backorders' });
    expect(await screen.findByText('No pieces are waiting for stock.')).toBeInTheDocument();
  });
});
