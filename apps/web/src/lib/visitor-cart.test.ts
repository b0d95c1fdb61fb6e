import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys, connectAuth, type SessionUser } from './auth';
import { addToVisitorCart, moveVisitorCart, readVisitorCart } from './visitor-cart';
import { fakeJwt } from '../../test/tokens';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const cart = { lines: [], count: 1, total: 4.2 };
const buyer = { id: 'u1', name: 'Gail Google', email: 'gail@example.com' } as SessionUser;

/**
 * Answers the cart to POST /api/cart/lines, an access token to its exchange (PUT /api/user/:email) and
 * 'not signed in' to anything else, recording the cart posts.
 */
const stubServer = () => {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('/api/cart/lines')) {
        posts.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(cart), { headers: { 'content-type': 'application/json' } });
      }
      if (String(url).includes('/api/user/')) {
        const token = fakeJwt({ email: buyer.email, exp: Math.floor(Date.now() / 1000) + 3600 });
        return new Response(JSON.stringify({ token, expiresIn: 3600 }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{"message":"no","code":"UNAUTHORIZED"}', { status: 401 });
    }),
  );
  return posts;
};

describe("a visitor's cart at sign-in", () => {
  it('moves into the account when the session arrives without the sign-in form (back from Google)', async () => {
    const posts = stubServer();
    addToVisitorCart({ productId: 'p1', quantity: 500 });
    const client = new QueryClient();
    const disconnect = connectAuth(client);
    await client.fetchQuery({ queryKey: authKeys.session(), queryFn: async () => buyer, staleTime: 0 });
    await vi.waitFor(() => expect(readVisitorCart()).toEqual([]));
    expect(posts).toEqual([{ lines: [{ productId: 'p1', quantity: 500 }] }]);
    expect(client.getQueryData(['cart'])).toEqual(cart);
    disconnect();
  });

  it('moves once when the sign-in form and the arriving session both move it', async () => {
    const posts = stubServer();
    addToVisitorCart({ productId: 'p1', quantity: 500 });
    const client = new QueryClient();
    const disconnect = connectAuth(client);
    await Promise.all([
      client.fetchQuery({ queryKey: authKeys.session(), queryFn: async () => buyer, staleTime: 0 }),
      moveVisitorCart(client),
      moveVisitorCart(client),
    ]);
    await vi.waitFor(() => expect(readVisitorCart()).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toHaveLength(1);
    disconnect();
  });

  it('stays in the browser while no one is signed in', async () => {
    const posts = stubServer();
    addToVisitorCart({ productId: 'p1', quantity: 500 });
    const client = new QueryClient();
    const disconnect = connectAuth(client);
    await client.fetchQuery({ queryKey: authKeys.session(), queryFn: async () => null, staleTime: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toEqual([]);
    expect(readVisitorCart()).toEqual([{ productId: 'p1', quantity: 500 }]);
    disconnect();
  });
});
