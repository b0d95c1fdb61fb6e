import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../test/render';
import ProductRoute from './product';

afterEach(() => vi.unstubAllGlobals());

const product = {
  _id: '7d0c1c8e-0a55-4b8e-9a39-1b4f6c0e2a11',
  name: 'Hex Bolt M12',
  price: 2.5,
  minOrder: 100,
  availableQuantiity: 500,
  description: 'Zinc plated.',
  img: '/uploads/bolt.webp',
  sku: 'FL-BLT-M12',
  packSize: 10,
  maxOrder: null,
  priceTiers: [{ minQuantity: 500, price: 2.25 }],
};

describe('/product/:id', () => {
  it('shows a visitor the photo, details, quantity rules and Buy Now from one request', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(product));
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
    // here only because this test renders the route without the layout).
    const urls = (fetchMock.mock.calls as unknown as [RequestInfo | URL][]).map(([url]) => String(url));
    expect(urls.filter((url) => !url.includes('/api/auth/'))).toHaveLength(1);
  });

  it('says so when the product does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Product not found' }, 404)),
    );
    renderWithProviders(<ProductRoute />, { route: '/product/:id', path: '/product/nope' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });
});
