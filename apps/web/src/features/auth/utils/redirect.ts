import { paths } from '@/config/paths';

const AUTH_PAGES = [paths.auth.login.path, paths.auth.signup.path, paths.auth.resetPass.path];

/** A path of this site (not `//evil.example`, not a URL), and not an auth page itself. */
export const safeRedirectTarget = (value: unknown): string | null => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (AUTH_PAGES.some((page) => pathname.toLowerCase() === page.toLowerCase())) return null;
  return value;
};

type FromState = { from?: { pathname?: string; search?: string; hash?: string } | string } | null | undefined;

/**
 * Where to go after signing in (docs/product.md §2): `?redirectTo=` first, then the router state a guard left
 * (`{ from: location }`), else home.
 */
export const redirectTargetFrom = (search: URLSearchParams, state: unknown): string => {
  const fromQuery = safeRedirectTarget(search.get('redirectTo'));
  if (fromQuery) return fromQuery;
  const from = (state as FromState)?.from;
  const fromState =
    typeof from === 'string'
      ? from
      : from?.pathname
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : null;
  return safeRedirectTarget(fromState) ?? paths.home.getHref();
};
