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
    expect(fetchMock).toHaveBeenCalledTimes(1);
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
