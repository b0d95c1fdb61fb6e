import { api, authRequestTimeout } from '@/lib/api-client';

/**
 * POST to one of Better Auth's endpoints under /api/auth: cookie only (no bearer token), a 401 is the
 * form's error rather than a sign-out, and the call gives up after 30 s (docs/product.md §9), which the forms
 * report as auth/network-request-failed.
 */
export const authPost = <T>(endpoint: string, body: unknown): Promise<T> =>
  api.post<T>(`/auth/${endpoint}`, body, {
    auth: false,
    signOutOnUnauthorized: false,
    signal: authRequestTimeout(),
  });
