import type { ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from '@/components/layout/root-layout';
import { RoutePreloadContext } from '@/components/ui/link';
import { lazyRoute, type LazyRoute } from '@/lib/lazy-route';

/** What a route carries in its `handle`: how to load its module ahead of its render. */
type RouteHandle = { preload: LazyRoute['preload'] };

/** A lazily loaded route module (its own chunk): its default export is the route's component. */
const lazyElement = (Route: LazyRoute): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <Route />,
  handle: { preload: Route.preload } satisfies RouteHandle,
});
const page = (load: () => Promise<{ default: ComponentType }>) => lazyElement(lazyRoute(load));

/** Route guards (docs/product.md §4), pathless layout routes in their own chunk. */
const requireAuth = lazyElement(
  lazyRoute(async () => ({ default: (await import('@/features/auth/components/guards')).RequireAuth })),
);
const requireAdmin = lazyElement(
  lazyRoute(async () => ({ default: (await import('@/features/auth/components/guards')).RequireAdmin })),
);

const home = lazyRoute(() => import('@/routes/home'));
const myProfile = lazyRoute(() => import('@/routes/dashboard/my-profile'));

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
            path: paths.dashboard.root.path,
            ...page(() => import('@/routes/dashboard/dashboard-layout')),
            children: [
              // Admins land on their overview; everyone else on the profile.
              { index: true, ...page(() => import('@/routes/dashboard/dashboard-home')) },
              { path: paths.dashboard.myProfile.path, ...lazyElement(myProfile) },
              {
                path: paths.dashboard.payment.path,
                ...page(() => import('@/routes/dashboard/payment')),
              },
              {
                path: paths.dashboard.review.path,
                ...page(() => import('@/routes/dashboard/review')),
              },
              {
                path: paths.dashboard.myOrders.path,
                ...page(() => import('@/routes/dashboard/my-orders')),
              },
              {
                path: paths.dashboard.myQuotes.path,
                ...page(() => import('@/routes/dashboard/my-quotes')),
              },
              {
                path: paths.dashboard.myQuote.path,
                ...page(() => import('@/routes/dashboard/my-quote')),
              },
              {
                path: paths.dashboard.requestQuote.path,
                ...page(() => import('@/routes/dashboard/request-quote')),
              },
              {
                path: paths.dashboard.myInvoices.path,
                ...page(() => import('@/routes/dashboard/my-invoices')),
              },
              {
                path: paths.dashboard.company.path,
                ...page(() => import('@/routes/dashboard/company')),
              },
              {
                // Admins only.
                ...requireAdmin,
                children: [
                  {
                    path: paths.dashboard.makeAdmin.path,
                    ...page(() => import('@/routes/dashboard/make-admin')),
                  },
                  {
                    path: paths.dashboard.addProduct.path,
                    ...page(() => import('@/routes/dashboard/add-product')),
                  },
                  {
                    path: paths.dashboard.manageProducts.path,
                    ...page(() => import('@/routes/dashboard/manage-products')),
                  },
                  {
                    path: paths.dashboard.manageOrders.path,
                    ...page(() => import('@/routes/dashboard/manage-orders')),
                  },
                  {
                    path: paths.dashboard.overview.path,
                    ...page(() => import('@/routes/dashboard/overview')),
                  },
                  {
                    path: paths.dashboard.order.path,
                    ...page(() => import('@/routes/dashboard/order')),
                  },
                  {
                    path: paths.dashboard.termsInvoices.path,
                    ...page(() => import('@/routes/dashboard/terms-invoices')),
                  },
                  {
                    path: paths.dashboard.audit.path,
                    ...page(() => import('@/routes/dashboard/audit')),
                  },
                  {
                    path: paths.dashboard.messages.path,
                    ...page(() => import('@/routes/dashboard/messages')),
                  },
                  {
                    path: paths.dashboard.quotes.path,
                    ...page(() => import('@/routes/dashboard/quotes')),
                  },
                  {
                    path: paths.dashboard.quote.path,
                    ...page(() => import('@/routes/dashboard/quote')),
                  },
                  // Companies (business customers) and their applications.
                  {
                    path: paths.dashboard.companies.path,
                    ...page(() => import('@/routes/dashboard/companies')),
                  },
                  {
                    path: paths.dashboard.adminCompany.path,
                    ...page(() => import('@/routes/dashboard/admin-company')),
                  },
                  {
                    path: paths.dashboard.companyApplications.path,
                    ...page(() => import('@/routes/dashboard/company-applications')),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.notFound.path, ...page(() => import('@/routes/not-found')) },
    ],
  },
];

/** Loads the modules of the routes matching `pathname` (guards and layouts too), all at once. */
export const preloadRoute = async (pathname: string) => {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()));
};

/**
 * The page at the current address. The modules of its routes are asked for together as it renders, so
 * a page inside guards and layouts does not wait for each in turn.
 */
export const AppRoutes = () => {
  void preloadRoute(useLocation().pathname);
  return <RoutePreloadContext value={preloadRoute}>{useRoutes(routes)}</RoutePreloadContext>;
};
