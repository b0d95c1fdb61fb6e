import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@forgeline/shared/schemas/product';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import ManageProductsRoute from './manage-products';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const catalogue: Product[] = Array.from({ length: 45 }, (_, index) => ({
  _id: `p${index + 1}`,
  name: index === 44 ? 'Hex Nut M12' : `Part ${index + 1}`,
  price: 1,
  minOrder: 10,
  // Part 2 is at its low-stock line; Part 3 is below one minimum order.
  availableQuantiity: index === 1 ? 10 : index === 2 ? 9 : 100,
  description: 'A part.',
  img: `/uploads/p${index + 1}.webp`,
  sku: `FL-P${index + 1}`,
  packSize: 1,
  maxOrder: null,
  lowStockThreshold: 10,
  priceTiers: [],
  taxCategory: 'standard' as const,
}));

const stubCatalogue = () => {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const matches = catalogue.filter((item) => item.name.toLowerCase().includes(search));
    return jsonResponse(matches.slice((page - 1) * limit, page * limit), 200, {
      'x-total-count': String(matches.length),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const rows = () => screen.queryAllByTestId('product-row');

afterEach(() => vi.unstubAllGlobals());

describe('Manage Products', () => {
  it("shows the server's total, 20 rows a page and pages with Previous / Next", async () => {
    const fetchMock = stubCatalogue();
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsRoute />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByTestId('products-count')).toHaveTextContent('(Total: 45)');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    await waitFor(() =>
      expect(within(rows()[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('21'),
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/products?page=2&limit=20&discontinued=include',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('marks the products low on stock with a badge that says how many pieces are left', async () => {
    stubCatalogue();
    renderWithProviders(<ManageProductsRoute />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    const badges = screen.getAllByTestId('low-stock');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Low stock: 10 pcs left',
      'Low stock: 9 pcs left',
    ]);
    expect(within(rows()[1]!).getByTestId('low-stock')).toBeInTheDocument();
    expect(within(rows()[0]!).queryByTestId('low-stock')).toBeNull();
  });

  it('searches by name from page 1 and says when nothing matches', async () => {
    const fetchMock = stubCatalogue();
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsRoute />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());

    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(box, 'hex');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/products?search=hex&page=1&limit=20&discontinued=include',
    );
    expect(screen.getByTestId('products-count')).toHaveTextContent('(Total: 1 matching)');
    // One page of results: no pager, as on every admin list.
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No products match "zzz".')).toBeInTheDocument();
  });

  it("links 'Export CSV' to every product and opens the import panel only when asked", async () => {
    stubCatalogue();
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsRoute />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByRole('link', { name: /^Export CSV/ })).toHaveAttribute('href', '/api/products.csv');
    expect(screen.queryByLabelText('CSV file')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText('CSV file')).toBeNull();
  });
});
