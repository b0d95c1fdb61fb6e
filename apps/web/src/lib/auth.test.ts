import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, accessTokenExpiresAt, api, readAccessToken } from './api-client';
import { retryDelayMs } from './access-token';
import { fakeJwt } from '../../test/tokens';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('access token timing (docs/product.md §4, §9)', () => {
  it('retries with back-off from 30 s, doubling, capped at 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });

  it('reads the expiry of a three-section token, and nothing from anything else', () => {
    expect(accessTokenExpiresAt(fakeJwt({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(accessTokenExpiresAt('abc')).toBeUndefined();
    expect(accessTokenExpiresAt('a..c')).toBeUndefined();
  });

  it('counts a token as expired 30 s early and does not send it then', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeJwt({ exp: nowS + 20 }));
    expect(readAccessToken()).toBeNull();
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeJwt({ exp: nowS + 120 }));
    expect(readAccessToken()).not.toBeNull();

    localStorage.setItem(ACCESS_TOKEN_KEY, fakeJwt({ exp: nowS + 20 }));
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/orders');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});
