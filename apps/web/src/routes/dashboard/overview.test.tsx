import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview } from '@forgeline/shared/schemas/overview';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import OverviewRoute from './overview';

// The chart is recharts in its own chunk; here only that the page asks for it with the day figures.
vi.mock('@/features/overview/components/revenue-chart', () => ({
  default: ({ daily }: { daily: Overview['daily'] }) => <p data-testid="chart">{daily.length} days</p>,
}));

const overview = (days: number): Overview => ({
  asOf: '2026-11-20T15:00:00.000Z',
  days,
  revenue: { today: 55, last7Days: 165, last30Days: 1415.5 },
  toShip: { orders: 2, value: 35 },
  unpaid: { orders: 3, value: 37.5, heldPieces: 1027 },
  lowStock: { count: 1, products: [{ _id: 'p1', name: 'Hex nut M8', available: 40, minOrder: 50 }] },
  daily: Array.from({ length: days }, (_, i) => ({ day: `day-${i}`, revenue: i === days - 1 ? 55 : 0 })),
  topProducts: [{ name: 'Weld neck flange', revenue: 285, pieces: 114 }],
});

afterEach(() => vi.unstubAllGlobals());

describe('the overview page', () => {
  it("shows the server's figures, links the work waiting, and switches the chart to 90 days", async () => {
    const fetchMock = vi.fn(async (input: string) =>
      jsonResponse(overview(Number(new URL(input, 'http://localhost').searchParams.get('days')))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<OverviewRoute />, { route: '/dashboard/overview' });

    const figures = within(await screen.findByLabelText('Figures'));
    expect(figures.getByText('$ 1415.50')).toBeInTheDocument();
    expect(figures.getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/dashboard/manageOrders?paid=true&status=pending',
    );
    expect(figures.getByText(/holding 1,027 pieces of stock/)).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('30 days');
    expect(
      within(screen.getByRole('list', { name: 'Products low on stock' })).getByText('Hex nut M8'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('90 days'));
    expect(router.state.location.search).toBe('?days=90');
    expect(screen.getByRole('heading', { name: 'Top products, last 90 days' })).toBeInTheDocument();
  });
});
