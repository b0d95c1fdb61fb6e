import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
