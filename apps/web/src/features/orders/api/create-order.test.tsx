import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { useCreateOrder, type CreateOrderInput } from './create-order';

const input: CreateOrderInput = {
  productId: 'p1',
  name: 'Dana Buyer',
  email: 'dana@example.com',
  productName: 'Hex Bolt M12',
  price: 2.5,
  address: '18 Foundry Lane',
  phone: '+1 555 0142',
  buyQuantity: 100,
  totalPrize: 250,
};

const created = () =>
  new Response(JSON.stringify({ acknowledged: true, insertedId: 'o1' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });

const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(
    ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'],
  );

const setup = () => {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCreateOrder(), { wrapper }).result;
};

afterEach(() => vi.unstubAllGlobals());

describe('useCreateOrder', () => {
  it('sends one Idempotency-Key per order and the same one when the answer is lost and it retries', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(created())
      .mockResolvedValueOnce(created());
    vi.stubGlobal('fetch', fetchMock);
    const result = setup();
    await act(() => result.current.mutateAsync(input));
    const [first, retry] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(retry).toBe(first);
    // The next order, even the same one again, is a new order: a new key.
    await act(() => result.current.mutateAsync(input));
    expect(keysSent(fetchMock)[2]).not.toBe(first);
  });

  it('keeps the key when the customer submits the same order again after a failure, not after a change', async () => {
    const refused = () => new Response(JSON.stringify({ message: 'Later' }), { status: 400 });
    const fetchMock = vi.fn().mockImplementation(async () => refused());
    vi.stubGlobal('fetch', fetchMock);
    const result = setup();
    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await act(() => result.current.mutateAsync({ ...input, buyQuantity: 200 }).catch(() => undefined));
    const [first, again, changed] = keysSent(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(3); // a 400 is an answer: no automatic retry
    expect(again).toBe(first);
    expect(changed).not.toBe(first);
  });
});
