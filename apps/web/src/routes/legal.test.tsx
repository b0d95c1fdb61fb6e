import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer } from '@/components/layout/footer';
import { SPLASH_SEEN_KEY } from '@/components/layout/splash';
import { ACCESS_TOKEN_KEY } from '@/lib/api-client';
import { jsonResponse, renderWithProviders } from '../../test/render';
import LegalRoute from './legal';

const stubConfig = (paymentWindowMinutes: number) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse({
        payments: { provider: 'test', publishableKey: null },
        orders: { paymentWindowMinutes },
      }),
    ),
  );

afterEach(() => vi.unstubAllGlobals());

const legalRoutes = [{ path: '/legal/:slug', element: <LegalRoute /> }];

describe('Legal pages', () => {
  it('opens each page from the footer', async () => {
    stubConfig(48);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Footer />, { routes: legalRoutes });
    for (const [link, heading, path] of [
      ['Terms of use', 'Terms of use', '/legal/terms'],
      ['Privacy policy', 'Privacy policy', '/legal/privacy'],
      ['Cookie policy', 'Cookie policy', '/legal/cookies'],
    ] as const) {
      await router.navigate('/');
      await user.click(await screen.findByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    }
  });

  it("states the server's hold time for unpaid orders in the terms", async () => {
    stubConfig(30);
    renderWithProviders(<LegalRoute />, { route: '/legal/:slug', path: '/legal/terms' });
    expect(
      await screen.findByText(
        'An unpaid card order holds its stock for 30 minutes from when it is placed. After that it is cancelled, its stock is released and we tell you by e-mail. An order on approved payment terms holds its stock until its invoice is due.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cancelling' })).toBeInTheDocument();
  });

  it('names the cookie and the browser storage keys the site really uses', () => {
    stubConfig(48);
    renderWithProviders(<LegalRoute />, { route: '/legal/:slug', path: '/legal/cookies' });
    // The cookie's name is asserted on the server's answer in apps/server/test/identity.test.ts.
    expect(screen.getByText(/^forgeline\.session_token keeps you signed in/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${ACCESS_TOKEN_KEY} \\(local storage\\)`))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${SPLASH_SEEN_KEY} \\(session storage\\)`))).toBeInTheDocument();
  });

  it('shows the 404 page for a page that does not exist', () => {
    stubConfig(48);
    renderWithProviders(<LegalRoute />, { route: '/legal/:slug', path: '/legal/refunds' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
