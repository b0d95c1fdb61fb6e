import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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

describe('Navbar for a signed-in buyer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the spec's items as named and adds Quick order, one tap to the pad", async () => {
    // The cart count's request answers an empty cart.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ lines: [], count: 0, total: 0 }), { status: 200 })),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.session(), {
      id: 'u1',
      name: 'Bea Buyer',
      email: 'bea@example.com',
      image: null,
      role: null,
      emailVerified: true,
    });
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
});
