import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestQueryClient, jsonResponse } from '../../../test/render';
import { failedChunkName, RouteError } from './route-error';

afterEach(() => vi.unstubAllGlobals());

/** The app's frame with a route whose module cannot be fetched, as the browser reports it. */
const renderFailedLoad = (error: Error) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(null)),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <p>home</p>,
        HydrateFallback: () => null,
        ErrorBoundary: RouteError,
        children: [{ path: 'blogs', lazy: () => Promise.reject(error) }],
      },
    ],
    { initialEntries: ['/blogs'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe('a failed chunk load', () => {
  it("shows 'Loading chunk {n} failed' inside the site's layout, with a retry", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailedLoad(
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
