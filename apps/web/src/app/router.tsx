import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootFallback, RootLayout } from '@/components/layout/root-layout';
import { RouteError } from '@/components/layout/route-error';

type RouteModule = { default: ComponentType };

/** A lazily loaded route module: its default export is the route's component. */
const lazyRoute =
  (load: () => Promise<RouteModule>): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await load()).default });

/** Route guards (docs/product.md §4), pathless layout routes in their own chunk. */
const requireAuth: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('@/features/auth/components/guards')).RequireAuth,
});
const requireAdmin: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('@/features/auth/components/guards')).RequireAdmin,
});

const home = lazyRoute(() => import('@/routes/home'));
const myProfile = lazyRoute(() => import('@/routes/dashboard/my-profile'));

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: home },
      { path: paths.homeAlias.path, lazy: home },
      { path: paths.blogs.path, lazy: lazyRoute(() => import('@/routes/blogs')) },
      { path: paths.portfolio.path, lazy: lazyRoute(() => import('@/routes/portfolio')) },
      { path: paths.legal.path, lazy: lazyRoute(() => import('@/routes/legal')) },
      { path: paths.product.path, lazy: lazyRoute(() => import('@/routes/product')) },
      { path: paths.auth.login.path, lazy: lazyRoute(() => import('@/routes/auth/login')) },
      { path: paths.auth.signup.path, lazy: lazyRoute(() => import('@/routes/auth/signup')) },
      { path: paths.auth.resetPass.path, lazy: lazyRoute(() => import('@/routes/auth/reset-pass')) },
      {
        // Login required: the purchase page and the whole dashboard.
        lazy: requireAuth,
        children: [
          { path: paths.purchase.path, lazy: lazyRoute(() => import('@/routes/purchase')) },
          { path: paths.cart.path, lazy: lazyRoute(() => import('@/routes/cart')) },
          { path: paths.quickOrder.path, lazy: lazyRoute(() => import('@/routes/quick-order')) },
          { path: paths.checkout.path, lazy: lazyRoute(() => import('@/routes/checkout')) },
          { path: paths.checkoutPay.path, lazy: lazyRoute(() => import('@/routes/checkout-pay')) },
          {
            path: paths.dashboard.root.path,
            lazy: lazyRoute(() => import('@/routes/dashboard/dashboard-layout')),
            children: [
              // Admins land on their overview; everyone else on the profile.
              { index: true, lazy: lazyRoute(() => import('@/routes/dashboard/dashboard-home')) },
              { path: paths.dashboard.myProfile.path, lazy: myProfile },
              {
                path: paths.dashboard.payment.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/payment')),
              },
              {
                path: paths.dashboard.review.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/review')),
              },
              {
                path: paths.dashboard.myOrders.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/my-orders')),
              },
              {
                path: paths.dashboard.myQuotes.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/my-quotes')),
              },
              {
                path: paths.dashboard.myQuote.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/my-quote')),
              },
              {
                path: paths.dashboard.requestQuote.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/request-quote')),
              },
              {
                path: paths.dashboard.myInvoices.path,
                lazy: lazyRoute(() => import('@/routes/dashboard/my-invoices')),
              },
              {
                // Admins only.
                lazy: requireAdmin,
                children: [
                  {
                    path: paths.dashboard.makeAdmin.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/make-admin')),
                  },
                  {
                    path: paths.dashboard.addProduct.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/add-product')),
                  },
                  {
                    path: paths.dashboard.manageProducts.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/manage-products')),
                  },
                  {
                    path: paths.dashboard.manageOrders.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/manage-orders')),
                  },
                  {
                    path: paths.dashboard.overview.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/overview')),
                  },
                  {
                    path: paths.dashboard.order.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/order')),
                  },
                  {
                    path: paths.dashboard.termsInvoices.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/terms-invoices')),
                  },
                  {
                    path: paths.dashboard.audit.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/audit')),
                  },
                  {
                    path: paths.dashboard.messages.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/messages')),
                  },
                  {
                    path: paths.dashboard.quotes.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/quotes')),
                  },
                  {
                    path: paths.dashboard.quote.path,
                    lazy: lazyRoute(() => import('@/routes/dashboard/quote')),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.notFound.path, lazy: lazyRoute(() => import('@/routes/not-found')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
