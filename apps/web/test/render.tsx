import { useLayoutEffect, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
  type To,
} from 'react-router';
import { act, render } from '@testing-library/react';
import { expect } from 'vitest';

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

/** What a test sees of the router: where it is, how it got there, and a way to go elsewhere. */
export type TestRouter = {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: To) => Promise<void>;
};

/** Renders the routes, and keeps `router` up to date with what was last rendered. */
const TestRoutes = ({ routes, router }: { routes: RouteObject[]; router: TestRouter }) => {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    router.state = { location, historyAction };
    router.navigate = async (to) => {
      await act(async () => {
        await navigate(to);
      });
    };
  }, [router, location, historyAction, navigate]);
  return useRoutes(routes);
};

/** Renders an element inside a memory router (declarative mode, as the app) and a QueryClientProvider. */
export const renderWithProviders = (element: ReactElement, options: Options = {}) => {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = {} as TestRouter;
  const routes = [{ path: options.route ?? '/', element }, ...(options.routes ?? [])];
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? options.route ?? '/']}>
        <TestRoutes routes={routes} router={router} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
};

/** A JSON Response, as the server sends it. */
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The request a stubbed fetch was called with (the first one unless told): its URL, method and JSON body. */
export const sentRequest = (fetchMock: { mock: { calls: unknown[][] } }, index = 0) => {
  const [url, init = {}] = fetchMock.mock.calls[index] as [string, RequestInit | undefined];
  return {
    url: String(url),
    method: init.method ?? 'GET',
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
  };
};

/** The element shows each of the texts, anywhere in it (a card's fields, a panel's lines). */
export const expectEachText = (element: HTMLElement, texts: readonly string[]) => {
  for (const text of texts) expect(element).toHaveTextContent(text);
};
