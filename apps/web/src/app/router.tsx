import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from '@/components/layout/root-layout';
import { RoutePreloadContext } from '@/components/ui/link';
import { lazyRoute } from '@/lib/lazy-route';
import { lazyElement, page, preloadMatches } from './route-elements';

/** Route guards (docs/product.md §4), pathless layout routes in their own chunk. */
const requireAuth = lazyElement(
  lazyRoute(async () => ({ default: (await import('@/features/auth/components/guards')).RequireAuth })),
);

const home = lazyRoute(() => import('@/routes/home'));
const catalogue = lazyElement(lazyRoute(() => import('@/routes/catalogue')));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, ...lazyElement(home) },
      { path: paths.homeAlias.path, ...lazyElement(home) },
      { path: paths.blogs.path, ...page(() => import('@/routes/blogs')) },
      { path: paths.portfolio.path, ...page(() => import('@/routes/portfolio')) },
      { path: paths.legal.path, ...page(() => import('@/routes/legal')) },
      { path: paths.product.path, ...page(() => import('@/routes/product')) },
      { path: paths.category.path, ...catalogue },
      { path: paths.search.path, ...catalogue },
      { path: paths.auth.login.path, ...page(() => import('@/routes/auth/login')) },
      { path: paths.auth.signup.path, ...page(() => import('@/routes/auth/signup')) },
      { path: paths.auth.resetPass.path, ...page(() => import('@/routes/auth/reset-pass')) },
      // Public: a signed-out invitee sees the offer, then signs in or up and comes back.
      { path: paths.join.path, ...page(() => import('@/routes/join')) },
      {
        // Login required: the purchase page and the whole dashboard.
        ...requireAuth,
        children: [
          { path: paths.purchase.path, ...page(() => import('@/routes/purchase')) },
          { path: paths.cart.path, ...page(() => import('@/routes/cart')) },
          { path: paths.quickOrder.path, ...page(() => import('@/routes/quick-order')) },
          { path: paths.checkout.path, ...page(() => import('@/routes/checkout')) },
          { path: paths.checkoutPay.path, ...page(() => import('@/routes/checkout-pay')) },
          {
            // The dashboard's own pages are its descendant routes (app/dashboard-routes.tsx), in its chunk:
            // the first script of a public page does not carry them.
            path: `${paths.dashboard.root.path}/*`,
            ...page(() => import('@/routes/dashboard/dashboard-layout')),
          },
        ],
      },
      { path: paths.notFound.path, ...page(() => import('@/routes/not-found')) },
    ],
  },
];

const dashboardRoot = paths.dashboard.root.getHref();

/**
 * Loads the modules of the routes matching `pathname` (guards and layouts too), all at once; inside the
 * dashboard, its page's too (from the dashboard's own routes).
 */
export const preloadRoute = async (pathname: string) => {
  const inDashboard = pathname === dashboardRoot || pathname.startsWith(`${dashboardRoot}/`);
  await Promise.all([
    preloadMatches(routes, pathname),
    inDashboard && import('./dashboard-routes').then((m) => m.preloadDashboardRoute(pathname)),
  ]);
};

/**
 * The page at the current address. The modules of its routes are asked for together as it renders, so
 * a page inside guards and layouts does not wait for each in turn.
 */
export const AppRoutes = () => {
  void preloadRoute(useLocation().pathname);
  return <RoutePreloadContext value={preloadRoute}>{useRoutes(routes)}</RoutePreloadContext>;
};
