import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { MemoryRouter, Outlet, useRoutes } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route';
import { createTestQueryClient, jsonResponse } from '../../../test/render';
import { failedChunkName, RouteErrorBoundary } from './route-error';

afterEach(() => vi.unstubAllGlobals());

/** The app's frame with a route whose module cannot be fetched, as the browser reports it. */
const renderFailedLoad = async (error: Error) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(null)),
  );
  const Blogs = lazyRoute(() => Promise.reject(error));
  // As main.tsx does before its first render: the route's load is over (here, failed) when it renders.
  await Blogs.preload();
  const Routes = () =>
    useRoutes([
      {
        path: '/',
        element: (
          <>
            <p>home</p>
            <Outlet />
          </>
        ),
        children: [{ path: 'blogs', element: <Blogs /> }],
      },
    ]);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/blogs']}>
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <Routes />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>
    </QueryClientProvider>,
    // React reports an error its boundary caught on the console; here it is the one expected.
    { onCaughtError: () => {} },
  );
};

describe('a failed chunk load', () => {
  it("shows 'Loading chunk {n} failed' inside the site's layout, with a retry", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderFailedLoad(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/blogs-DasjPviX.js'),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Loading chunk blogs failed' }),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('names the chunk from what each browser says, and nothing for other errors', () => {
    expect(
      failedChunkName(
        new TypeError('error loading dynamically imported module: https://x.dev/assets/login-CYQ718_X.js'),
      ),
    ).toBe('login');
    expect(failedChunkName(new TypeError('Importing a module script failed.'))).toBe('of this page');
    expect(
      failedChunkName(new Error('Unable to preload CSS for /assets/reviews-carousel-CeYfhhVD.css')),
    ).toBe('reviews-carousel');
    expect(failedChunkName(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(failedChunkName('Failed to fetch dynamically imported module')).toBeNull();
  });
});
