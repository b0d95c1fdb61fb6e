import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link, NavLink } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { signOut, useSession } from '@/lib/auth';
import { useCart } from '@/features/cart/api/get-cart';
import { LogoMark } from '@/components/ui/logo';

type NavItem = { label: string; to: string; end?: boolean };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  // One line each, a little tighter below xl. The bar opens from lg (1024 px): a signed-in admin's eight
  // items and Logout overflowed a 768 px tablet, which now has the menu button.
  `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors xl:px-3 ${
    isActive ? 'bg-primary text-primary-content' : 'text-base-content hover:bg-base-200'
  }`;

/** Top navigation (docs/product.md §2): Home, Blogs, My PortFolio, Dashboard when signed in, Login or Logout. */
export const Navbar = () => {
  const { user, isPending } = useSession();
  const cartCount = useCart(Boolean(user)).data?.count ?? 0;
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();

  const items: NavItem[] = [
    { label: 'Home', to: paths.home.getHref(), end: true },
    { label: 'Blogs', to: paths.blogs.getHref() },
    { label: 'My PortFolio', to: paths.portfolio.getHref() },
    // Beyond the spec's items: the catalogue's categories, for everyone (docs/decisions/0250).
    { label: 'Catalogue', to: paths.search.getHref() },
    ...(user ? [{ label: 'Dashboard', to: paths.dashboard.root.getHref() }] : []),
    // Beyond the spec's items (which keep their names): the quick-order pad and the server cart's line count.
    ...(user ? [{ label: 'Quick order', to: paths.quickOrder.getHref() }] : []),
    ...(user ? [{ label: cartCount ? `Cart (${cartCount})` : 'Cart', to: paths.cart.getHref() }] : []),
  ];

  const close = () => setOpen(false);

  /**
   * Logout: home, then the session ended on the server, the token and cached data cleared (docs/product.md
   * §2). Home first: ended first, a page behind the login (the dashboard) would send the visitor it now
   * sees to /login, and whichever navigation came last would win.
   */
  const logout = async () => {
    close();
    setSigningOut(true);
    await navigate(paths.home.getHref());
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  const authItem = isPending ? (
    // Keeps the place of Login/Logout while the session loads: no layout shift when it arrives.
    <span className="inline-block h-8 w-20" aria-hidden="true" />
  ) : user ? (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-primary"
      disabled={signingOut}
      onClick={() => void logout()}
    >
      Logout
    </button>
  ) : (
    // Login brings the buyer back to the page they were on (docs/decisions/0092); the login page drops
    // targets that are auth pages themselves.
    <NavLink
      to={paths.auth.login.getHref(`${location.pathname}${location.search}${location.hash}`)}
      className={linkClass}
      onClick={close}
    >
      Login
    </NavLink>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to={paths.home.getHref()} className="flex items-center gap-2 text-primary" onClick={close}>
          <LogoMark className="size-8" />
          <span className="text-xl font-extrabold tracking-tight text-base-content">Forgeline</span>
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end ?? false} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="ml-2">{authItem}</li>
        </ul>

        <button
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>

      <div id={menuId} hidden={!open} className="border-t border-base-300 bg-base-100 lg:hidden">
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {items.map((item) => (
            <li key={item.to} className="flex flex-col">
              <NavLink to={item.to} end={item.end ?? false} className={linkClass} onClick={close}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="flex flex-col pt-1">{authItem}</li>
        </ul>
      </div>
    </header>
  );
};
