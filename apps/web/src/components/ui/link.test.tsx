import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { Link, NavLink, RoutePreloadContext } from './link';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active-link' : 'link');

describe('Link', () => {
  it('is a real link that the router follows on a click', async () => {
    const { router } = renderWithProviders(<Link to="/blogs?page=2">Blogs</Link>, {
      routes: [{ path: '/blogs', element: <h1>Blog page</h1> }],
    });
    const link = screen.getByRole('link', { name: 'Blogs' });
    expect(link).toHaveAttribute('href', '/blogs?page=2');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { name: 'Blog page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves a click with a modifier key (new tab) and a handled click to the browser and the page', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { router } = renderWithProviders(
      <>
        <Link to="/blogs">Blogs</Link>
        <Link to="/portfolio" onClick={onClick}>
          Portfolio
        </Link>
      </>,
      { routes: [{ path: '/blogs', element: <h1>Blog page</h1> }] },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Blogs' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Portfolio' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves a link to another site to the browser', () => {
    const preload = vi.fn();
    const { router } = renderWithProviders(
      <RoutePreloadContext value={preload}>
        <Link to="https://github.com/forgeline">GitHub</Link>
        <Link to="mailto:sales@example.com">Mail us</Link>
      </RoutePreloadContext>,
    );
    const github = screen.getByRole('link', { name: 'GitHub' });
    expect(github).toHaveAttribute('href', 'https://github.com/forgeline');
    expect(screen.getByRole('link', { name: 'Mail us' })).toHaveAttribute('href', 'mailto:sales@example.com');
    fireEvent.pointerEnter(github);
    github.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(github);
    expect(preload).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('replaces the history entry when asked to', async () => {
    const { router } = renderWithProviders(
      <Link to="/blogs" replace>
        Blogs
      </Link>,
      { routes: [{ path: '/blogs', element: <h1>Blog page</h1> }] },
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Blogs' }));
    expect(await screen.findByRole('heading', { name: 'Blog page' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks for its page’s code when the pointer comes onto it or it gets focus', () => {
    const preload = vi.fn();
    renderWithProviders(
      <RoutePreloadContext value={preload}>
        <Link to="/product/7?tab=reviews">Product</Link>
      </RoutePreloadContext>,
    );
    const link = screen.getByRole('link', { name: 'Product' });
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(preload).toHaveBeenCalledTimes(2);
    expect(preload).toHaveBeenCalledWith('/product/7');
  });
});

describe('NavLink', () => {
  const navLinks = (
    <nav>
      <NavLink to="/" end className={linkClass}>
        Home
      </NavLink>
      <NavLink to="/dashboard" end className={linkClass}>
        Dashboard
      </NavLink>
      <NavLink to="/dashboard/orders" className={linkClass}>
        Orders
      </NavLink>
      <NavLink to="/blogs" className={linkClass}>
        Blogs
      </NavLink>
    </nav>
  );

  it('marks the page shown as current, and the pages above it unless `end`', () => {
    renderWithProviders(navLinks, { route: '*', path: '/Dashboard/orders/42' });
    const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Orders')).toBe('page');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveClass('active-link');
    expect(current('Dashboard')).toBeNull();
    expect(current('Home')).toBeNull();
    expect(current('Blogs')).toBeNull();
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveClass('link');
  });

  it('does not take a longer path with the same start for a page under it', () => {
    renderWithProviders(navLinks, { route: '*', path: '/blogsmore' });
    expect(screen.getByRole('link', { name: 'Blogs' })).not.toHaveAttribute('aria-current');
  });

  it('marks the home page on the home page only', () => {
    renderWithProviders(navLinks, { route: '*', path: '/' });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});
