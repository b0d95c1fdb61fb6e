import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { pageMeta } from '@/config/page-meta';
import PortfolioRoute from '@/routes/portfolio';
import { portfolio } from '@/content/portfolio';
import NotFoundRoute from '@/routes/not-found';
import { renderWithProviders } from '../../test/render';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('each page is a page', () => {
  it('sets its own title and description, and the next page sets its own', async () => {
    const { router } = renderWithProviders(<PortfolioRoute />, {
      route: '/portfolio',
      routes: [{ path: '*', element: <NotFoundRoute /> }],
    });
    await screen.findByRole('heading', { level: 1, name: portfolio.name });
    expect(document.title).toBe(pageMeta.portfolio.title);
    expect(description()).toBe(pageMeta.portfolio.description);

    await router.navigate('/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(document.title).toBe('Page not found | Forgeline');
    expect(description()).toBe(pageMeta.notFound.description);
  });

  it('no two public pages share a title or a description', () => {
    const pages = [
      pageMeta.home,
      pageMeta.blogs,
      pageMeta.portfolio,
      pageMeta.login,
      pageMeta.signup,
      pageMeta.resetPass,
      pageMeta.purchase('Hex bolt M8'),
      pageMeta.notFound,
    ];
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
  });
});
