import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, ApiError, api } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('api client', () => {
  it('sends the stored access token as a bearer token when asked', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'tok-123');
    const fetchMock = vi.fn(
      async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/orders', { auth: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('turns an error body into an ApiError with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ message: 'Product not found.', code: 'NOT_FOUND' }), { status: 404 }),
    );
    const error = await api.get('/purchase/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Product not found.', code: 'NOT_FOUND' });
  });

  it('getWithTotal answers the body and X-Total-Count (null when the header is missing)', async () => {
    const fetchMock = vi.fn(
      async () => new Response('[{"_id":"p1"}]', { status: 200, headers: { 'x-total-count': '31' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.getWithTotal('/products', { params: { search: 'nut', page: 2 } })).resolves.toEqual({
      data: [{ _id: 'p1' }],
      total: 31,
    });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/products?search=nut&page=2');
    vi.stubGlobal('fetch', async () => new Response('[]', { status: 200 }));
    await expect(api.getWithTotal('/products')).resolves.toEqual({ data: [], total: null });
  });
});
