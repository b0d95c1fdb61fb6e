import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';

/** A QueryClient for one test: no retries, nothing kept between tests. */
export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });

type Options = {
  /** The URL the memory router starts at. */
  path?: string;
  /** The route pattern the element is mounted at. */
  route?: string;
  /** More routes, e.g. the target of a redirect, to assert where a form navigates. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
};

/** Renders an element inside a memory data router and a QueryClientProvider. */
export const renderWithProviders = (element: ReactElement, options: Options = {}) => {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path: options.route ?? '/', element }, ...(options.routes ?? [])], {
    initialEntries: [options.path ?? options.route ?? '/'],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
};

/** A JSON Response, as the server sends it. */
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
