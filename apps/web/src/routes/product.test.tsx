import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeProduct } from '../../test/products';
import ProductRoute from './product';

afterEach(() => vi.unstubAllGlobals());

const product = makeProduct({ packSize: 10, priceTiers: [{ minQuantity: 500, price: 2.25 }] });

/** The answer to a request of the page: `answers` by the address's end, else empty extras, else the part. */
const answer = (url: RequestInfo | URL, answers: Record<string, unknown> = {}, part: object = product) => {
  const path = String(url).split('?')[0]!;
  const own = Object.entries(answers).find(([end]) => path.endsWith(end));
  if (own) return jsonResponse(own[1]);
  if (path.endsWith('/reviews')) return jsonResponse({ average: null, count: 0, reviews: [] });
  return jsonResponse(/\/(documents|related)$/.test(path) ? [] : part);
};

describe('/product/:id', () => {
  it('shows a visitor the photo, details, quantity rules and Buy Now from one request', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) => answer(url));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: `/product/${product._id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hex Bolt M12' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hex Bolt M12' })).toHaveAttribute('src', '/uploads/bolt.webp');
    expect(screen.getByText('$ 2.50 / piece')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity: 100 pcs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', `/purchase/${product._id}`);
    // A visitor may fill a cart too (kept in the browser until sign-in).
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    // One request for the product; the session the cart button reads is the navbar's, cached (one more
    // here only because this test renders the route without the layout); the reviews below the fold come
    // after (at once here: jsdom has no IntersectionObserver).
    const urls = (fetchMock.mock.calls as unknown as [RequestInfo | URL][]).map(([url]) => String(url));
    // The part's reviews and its category and values (decision 0220) are requests of their own.
    // So are its documents and related parts (decision 0233), in a chunk loaded below the fold.
    const own = (url: string) =>
      !url.includes('/api/auth/') && !/\/(reviews|specs|documents|related)$/.test(url);
    expect(urls.filter(own)).toHaveLength(1);
  });

  it("shows the part's rating and reviews, and a way to write one about this part", async () => {
    const reviews = {
      average: 4.5,
      count: 2,
      reviews: [
        {
          _id: 'r2',
          name: 'Ann',
          profession: 'Buyer',
          review: 'True to size.',
          img: null,
          rating: 4,
          verifiedPurchase: true,
          productId: product._id,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
        {
          _id: 'r1',
          name: 'Bo',
          profession: 'Engineer',
          review: 'Clean threads.',
          img: null,
          rating: 5,
          verifiedPurchase: false,
          productId: product._id,
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => answer(url, { '/reviews': reviews })),
    );
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: `/product/${product._id}` });
    expect(await screen.findByTestId('product-rating')).toHaveTextContent('4.5 out of 5 · 2 reviews');
    expect(screen.getByText('True to size.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getAllByText('Verified buyer')).toHaveLength(1);
    expect(screen.getByText(/Ann, Buyer · 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a review' })).toHaveAttribute(
      'href',
      `/dashboard/review?product=${product._id}`,
    );
  });

  it('shows the part number, the pack rule and the volume prices, highlighting the row of the quantity typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        answer(url, { '/reviews': { average: null, count: 0, reviews: [] } }),
      ),
    );
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: `/product/${product._id}` });
    const rules = await screen.findByTestId('quantity-rules');
    expect(rules).toHaveTextContent('Part number: FL-BLT-M12');
    expect(rules).toHaveTextContent('Sold in packs of 10 pcs');
    const rows = () => within(screen.getByTestId('price-table')).getAllByTestId('price-row');
    expect(rows().map((row) => row.textContent)).toEqual([
      '100–499 pcs$ 2.50 (your price)',
      '500+ pcs$ 2.25',
    ]);
    const quantity = screen.getByLabelText('Quantity for the cart');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '600');
    expect(rows()[1]).toHaveAttribute('aria-current', 'true');
    expect(rows()[0]).not.toHaveAttribute('aria-current');
  });

  it('says so when the product does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Product not found' }, 404)),
    );
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: '/product/nope' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });

  it("lists the part's documents: a signed-in-only one asks a visitor to sign in", async () => {
    const documents = [
      {
        id: 'd1',
        productId: product._id,
        kind: 'cad',
        title: '3D model',
        fileName: 'hex-bolt.step',
        size: 48_213,
        contentType: 'model/step',
        visibility: 'public',
        revision: 'C',
        revisedOn: '2026-03-01',
        url: '/api/documents/d1/file',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
      {
        id: 'd2',
        productId: product._id,
        kind: 'datasheet',
        title: 'Datasheet',
        fileName: 'hex-bolt.pdf',
        size: 2_400_000,
        contentType: 'application/pdf',
        visibility: 'customers',
        revision: null,
        revisedOn: null,
        url: '/api/documents/d2/file',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        answer(url, { '/documents': documents, '/api/auth/get-session': null }),
      ),
    );
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: `/product/${product._id}` });
    const items = await screen.findAllByTestId('document');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('CAD3D modelRev. C, 1 Mar 2026 · hex-bolt.step · 47 KB'),
      expect.stringContaining('DatasheetDatasheethex-bolt.pdf · 2.3 MB'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Download 3D model' })).toHaveAttribute(
      'href',
      '/api/documents/d1/file',
    );
    expect(within(items[1]!).getByRole('link', { name: 'Sign in to download' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\?redirectTo=/),
    );
  });

  it('says a discontinued part is, links its replacement, offers no way to buy it, and marks a discontinued related part', async () => {
    const related = [
      {
        _id: 'p2',
        name: 'Hex Bolt M12 Mk II',
        sku: 'FL-BLT-M12-2',
        img: '/uploads/b2.webp',
        kind: 'alternative',
        discontinued: false,
      },
      {
        _id: 'p3',
        name: 'Old washer',
        sku: 'FL-WSH-12',
        img: '/uploads/w.webp',
        kind: 'accessory',
        discontinued: true,
      },
    ];
    const discontinued = {
      ...product,
      discontinued: true,
      replacedBy: { _id: 'p2', name: 'Hex Bolt M12 Mk II', sku: 'FL-BLT-M12-2' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => answer(url, { '/related': related }, discontinued)),
    );
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: `/product/${product._id}` });
    expect(
      await screen.findByText('Discontinued', { selector: '[data-testid=discontinued] *' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Replaced by Hex Bolt M12 Mk II' })).toHaveAttribute(
      'href',
      '/product/p2',
    );
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    const parts = await screen.findAllByTestId('related-part');
    expect(parts.map((part) => part.textContent)).toEqual([
      'Hex Bolt M12 Mk IIAlternative · FL-BLT-M12-2',
      'Old washerAccessory · FL-WSH-12Discontinued',
    ]);
  });
});
