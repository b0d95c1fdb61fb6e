import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequireAuth } from '@/features/auth/components/guards';
import { authKeys } from '@/lib/auth';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { Navbar } from './navbar';

describe('Navbar Login (decision 0092)', () => {
  it('takes a visitor to the login page with the page they were on as the way back', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.session(), null);
    renderWithProviders(<Navbar />, { route: '/blogs', path: '/blogs?tab=2#top', queryClient });
    const links = await screen.findAllByRole('link', { name: 'Login', hidden: true });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent('/blogs?tab=2#top')}`);
    }
  });
});

describe('Navbar for a visitor', () => {
  it('leads to the catalogue and its categories from every public page', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.session(), null);
    renderWithProviders(<Navbar />, { route: '/', path: '/', queryClient });
    const links = await screen.findAllByRole('link', { name: 'Catalogue', hidden: true });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/search');
  });
});

/** A query client whose session is a signed-in buyer's. */
function signedInAsBuyer() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(authKeys.session(), {
    id: 'u1',
    name: 'Bea Buyer',
    email: 'bea@example.com',
    image: null,
    role: null,
    emailVerified: true,
  });
  return queryClient;
}

describe('Navbar for a signed-in buyer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the spec's items as named and adds Quick order, one tap to the pad", async () => {
    // The cart count's request answers an empty cart.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ lines: [], count: 0, total: 0 }), { status: 200 })),
    );
    const queryClient = signedInAsBuyer();
    renderWithProviders(<Navbar />, { route: '/', path: '/', queryClient });
    const nav = (await screen.findAllByRole('navigation', { hidden: true }))[0]!;
    const names = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((link) => link.textContent?.trim());
    for (const name of ['Home', 'Blogs', 'My PortFolio', 'Catalogue', 'Dashboard', 'Quick order']) {
      expect(names).toContain(name);
    }
    for (const link of screen.getAllByRole('link', { name: 'Quick order', hidden: true })) {
      expect(link).toHaveAttribute('href', '/quick-order');
    }
    expect(screen.getAllByRole('button', { name: 'Logout', hidden: true }).length).toBeGreaterThan(0);
  });

  it('logs out from a page behind the login to home, not to the login page', async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ lines: [], count: 0, total: 0 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = signedInAsBuyer();
    const { router } = renderWithProviders(
      <RequireAuth>
        <Navbar />
      </RequireAuth>,
      {
        route: '/dashboard',
        path: '/dashboard',
        queryClient,
        routes: [
          { path: '/', element: <p>home</p> },
          { path: '/login', element: <p>login</p> },
        ],
      },
    );
    const [logout] = await screen.findAllByRole('button', { name: 'Logout', hidden: true });
    await userEvent.click(logout!);
    await screen.findByText('home');
    // The session is ended on the server after the way home is taken.
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/auth/sign-out'),
    );
    expect(router.state.location.pathname).toBe('/');
  });
});
