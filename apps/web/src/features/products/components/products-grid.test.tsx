import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@forgeline/shared/schemas/product';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { ProductsSection } from './products-grid';

const product = (index: number, name = `Part ${index}`): Product => ({
  _id: `p${index}`,
  name,
  price: 2.5,
  minOrder: 100,
  availableQuantiity: 5000,
  description: `Description of ${name}.`,
  img: `/uploads/p${index}.webp`,
  sku: `FL-P${index}`,
  packSize: 1,
  maxOrder: null,
  lowStockThreshold: 10,
  priceTiers: [],
  taxCategory: 'standard' as const,
});

const catalogue = Array.from({ length: 30 }, (_, index) => product(index + 1));
const bearing = product(99, 'Deep Groove Ball Bearing 6204-2RS');

/**
 * A fake GET /api/products over `items`: `search` by name, `page` and `limit`, the count of matches in
 * X-Total-Count, as the server does.
 */
const stubCatalogue = (items: Product[]) => {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const matches = items.filter((item) => item.name.toLowerCase().includes(search));
    return jsonResponse(matches.slice((page - 1) * limit, page * limit), 200, {
      'x-total-count': String(matches.length),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const requestedUrls = (fetchMock: ReturnType<typeof stubCatalogue>) =>
  fetchMock.mock.calls.map(([url]) => url);

const cards = () => screen.queryAllByTestId('product-card');

afterEach(() => vi.unstubAllGlobals());

describe('ProductsSection', () => {
  it('asks for the first page of 24 and shows no "Show more products" when everything fits', async () => {
    const fetchMock = stubCatalogue(catalogue.slice(0, 12));
    renderWithProviders(<ProductsSection />);
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(requestedUrls(fetchMock)).toEqual(['/api/products?page=1&limit=24']);
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
    const first = within(cards()[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Part 1' })).toBeInTheDocument();
    expect(first.getByText('$ 2.50 / piece')).toBeInTheDocument();
    expect(first.getByText('Minimum Order Quantity: 100 pcs')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/purchase/p1');
  });

  it('searches by name through the API once typing pauses, and clears back to every product', async () => {
    const fetchMock = stubCatalogue([...catalogue.slice(0, 11), bearing]);
    const user = userEvent.setup();
    renderWithProviders(<ProductsSection />);
    await waitFor(() => expect(cards()).toHaveLength(12));

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'bearing');
    // Debounced: no request per key, none at all until the pause.
    expect(requestedUrls(fetchMock).filter((url) => url.includes('search='))).toEqual([]);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(requestedUrls(fetchMock).filter((url) => url.includes('search='))).toEqual([
      '/api/products?search=bearing&page=1&limit=24',
    ]);
    expect(within(cards()[0] as HTMLElement).getByRole('heading')).toHaveTextContent(
      'Deep Groove Ball Bearing 6204-2RS',
    );

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    await waitFor(() => expect(cards()).toHaveLength(12));
  });

  it('keeps the searched term in the address, replacing the entry instead of adding one', async () => {
    stubCatalogue([...catalogue.slice(0, 11), bearing]);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ProductsSection />);
    await waitFor(() => expect(cards()).toHaveLength(12));
    const entryKey = router.state.location.key;

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'bearing');
    await waitFor(() => expect(router.state.location.search).toBe('?search=bearing'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.key).not.toBe(entryKey);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens with the search of the address, and follows the address when it changes', async () => {
    const fetchMock = stubCatalogue([...catalogue.slice(0, 11), bearing]);
    const { router } = renderWithProviders(<ProductsSection />, { path: '/?search=bearing' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('bearing');
    await waitFor(() => expect(cards()).toHaveLength(1));
    // The first request is already the search: no flash of the whole catalogue.
    expect(requestedUrls(fetchMock)[0]).toBe('/api/products?search=bearing&page=1&limit=24');

    // A link to the page without a search (the navbar's Home) empties the box and shows everything.
    await act(() => router.navigate('/'));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(router.state.location.search).toBe('');
  });

  it('says which search found nothing', async () => {
    stubCatalogue(catalogue.slice(0, 12));
    const user = userEvent.setup();
    renderWithProviders(<ProductsSection />);
    await waitFor(() => expect(cards()).toHaveLength(12));

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), '  sprocket ');
    expect(await screen.findByText('No products match "sprocket".')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByText(/No products match/)).not.toBeInTheDocument();
  });

  it("fetches page 2 with 'Show more products' and appends it to the grid", async () => {
    const fetchMock = stubCatalogue(catalogue);
    const user = userEvent.setup();
    renderWithProviders(<ProductsSection />);
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30 products')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(requestedUrls(fetchMock)).toEqual([
      '/api/products?page=1&limit=24',
      '/api/products?page=2&limit=24',
    ]);
    // Appended in order, after the first page.
    const names = cards().map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(catalogue.map((item) => item.name));
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
  });

  it('offers Try again when the catalogue cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Something went wrong.' }, 500)),
    );
    renderWithProviders(<ProductsSection />);
    expect(await screen.findByText('The products could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
