import { createContext, use, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/**
 * Loads the code of the page at a path (the router's preloadRoute). A link asks for its page's code as
 * the pointer comes onto it or it gets focus, so that the code is usually in by the click: route chunks
 * are loaded on demand, their shared chunks only once the route's own has arrived (docs/decisions/0051).
 */
export const RoutePreloadContext = createContext<((pathname: string) => unknown) | null>(null);

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** A URL with a scheme (https:, mailto:) or protocol-relative: another site's, or no page of ours. */
const isExternal = (to: To) => typeof to === 'string' && /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

/**
 * The site's links: an <a> with the router's href and click handling, made from the two hooks React
 * Router offers for building links (useHref, useLinkClickHandler). React Router's own <Link> also
 * carries its framework mode's prefetching, route discovery and view transitions, none of which this app
 * uses: 2 KB gzip of the home page's first script (docs/decisions/0051).
 */
export function Link({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const external = isExternal(to);
  const href = useHref(to);
  const { pathname } = useResolvedPath(to);
  const preloadRoute = use(RoutePreloadContext);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const preload = () => {
    if (!external) void preloadRoute?.(pathname);
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // The router takes a plain left click on one of our pages; one the page handled itself, a modified
    // click (new tab, download) and a link elsewhere stay with the page and the browser.
    if (!event.defaultPrevented && !external) navigate(event);
  };
  return (
    <a
      onPointerEnter={preload}
      onFocus={preload}
      {...anchor}
      href={external ? (to as string) : href}
      target={target}
      onClick={handleClick}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  /** Active only on this very path, not on the paths under it. */
  end?: boolean;
  className?: (state: { isActive: boolean }) => string;
  children?: ReactNode;
};

/** A link that knows whether its page is the one shown: aria-current="page" and an active class. */
export function NavLink({ to, end = false, className, ...link }: NavLinkProps) {
  // React Router's rule: the same path or, without `end`, a path under it; not case-sensitive.
  const pathname = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slash) === '/');
  return (
    <Link
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={className?.({ isActive })}
    />
  );
}
