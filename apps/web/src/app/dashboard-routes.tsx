import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { dashboardPaths } from '@/config/dashboard-paths';
import { lazyRoute } from '@/lib/lazy-route';
import { lazyElement, page, preloadMatches } from './route-elements';

/** Admins only: a pathless layout route in its own chunk (docs/product.md §4). */
const requireAdmin = lazyElement(
  lazyRoute(async () => ({ default: (await import('@/features/auth/components/guards')).RequireAdmin })),
);
const myProfile = lazyRoute(() => import('@/routes/dashboard/my-profile'));

/** The dashboard's pages, below /dashboard: rendered by its layout (routes/dashboard/dashboard-layout.tsx). */
export const dashboardRoutes: RouteObject[] = [
  // Admins land on their overview; everyone else on the profile.
  { index: true, ...page(() => import('@/routes/dashboard/dashboard-home')) },
  { path: dashboardPaths.myProfile.path, ...lazyElement(myProfile) },
  {
    path: dashboardPaths.payment.path,
    ...page(() => import('@/routes/dashboard/payment')),
  },
  {
    path: dashboardPaths.review.path,
    ...page(() => import('@/routes/dashboard/review')),
  },
  {
    path: dashboardPaths.myOrders.path,
    ...page(() => import('@/routes/dashboard/my-orders')),
  },
  {
    path: dashboardPaths.myQuotes.path,
    ...page(() => import('@/routes/dashboard/my-quotes')),
  },
  {
    path: dashboardPaths.myQuote.path,
    ...page(() => import('@/routes/dashboard/my-quote')),
  },
  {
    path: dashboardPaths.requestQuote.path,
    ...page(() => import('@/routes/dashboard/request-quote')),
  },
  {
    path: dashboardPaths.myInvoices.path,
    ...page(() => import('@/routes/dashboard/my-invoices')),
  },
  {
    path: dashboardPaths.company.path,
    ...page(() => import('@/routes/dashboard/company')),
  },
  {
    // Admins only.
    ...requireAdmin,
    children: [
      {
        path: dashboardPaths.makeAdmin.path,
        ...page(() => import('@/routes/dashboard/make-admin')),
      },
      {
        path: dashboardPaths.addProduct.path,
        ...page(() => import('@/routes/dashboard/add-product')),
      },
      {
        path: dashboardPaths.manageProducts.path,
        ...page(() => import('@/routes/dashboard/manage-products')),
      },
      {
        path: dashboardPaths.manageOrders.path,
        ...page(() => import('@/routes/dashboard/manage-orders')),
      },
      {
        path: dashboardPaths.overview.path,
        ...page(() => import('@/routes/dashboard/overview')),
      },
      {
        path: dashboardPaths.order.path,
        ...page(() => import('@/routes/dashboard/order')),
      },
      {
        path: dashboardPaths.termsInvoices.path,
        ...page(() => import('@/routes/dashboard/terms-invoices')),
      },
      {
        path: dashboardPaths.returns.path,
        ...page(() => import('@/routes/dashboard/returns')),
      },
      {
        path: dashboardPaths.audit.path,
        ...page(() => import('@/routes/dashboard/audit')),
      },
      {
        path: dashboardPaths.messages.path,
        ...page(() => import('@/routes/dashboard/messages')),
      },
      {
        path: dashboardPaths.quotes.path,
        ...page(() => import('@/routes/dashboard/quotes')),
      },
      {
        path: dashboardPaths.quote.path,
        ...page(() => import('@/routes/dashboard/quote')),
      },
      // Companies (business customers) and their applications.
      {
        path: dashboardPaths.companies.path,
        ...page(() => import('@/routes/dashboard/companies')),
      },
      {
        path: dashboardPaths.adminCompany.path,
        ...page(() => import('@/routes/dashboard/admin-company')),
      },
      {
        path: dashboardPaths.companyApplications.path,
        ...page(() => import('@/routes/dashboard/company-applications')),
      },
      // Tax rates, certificates and the report (decision 0231).
      { path: dashboardPaths.tax.path, ...page(() => import('@/routes/dashboard/tax')) },
      // Delivery zones and methods (decision 0235).
      { path: dashboardPaths.delivery.path, ...page(() => import('@/routes/dashboard/delivery')) },
      // The shop's API keys (docs/decisions/0234).
      { path: dashboardPaths.apiKeys.path, ...page(() => import('@/routes/dashboard/api-keys')) },
      { path: dashboardPaths.webhooks.path, ...page(() => import('@/routes/dashboard/webhooks')) },
      // Lines waiting for stock (docs/decisions/0238).
      { path: dashboardPaths.backorders.path, ...page(() => import('@/routes/dashboard/backorders')) },
      // Contract prices, customer groups (decision 0217).
      {
        path: dashboardPaths.priceLists.path,
        ...page(() => import('@/routes/dashboard/price-lists')),
      },
      {
        path: dashboardPaths.priceList.path,
        ...page(() => import('@/routes/dashboard/price-list')),
      },
      {
        path: dashboardPaths.customerGroups.path,
        ...page(() => import('@/routes/dashboard/customer-groups')),
      },
      {
        path: dashboardPaths.categories.path,
        ...page(() => import('@/routes/dashboard/categories')),
      },
    ],
  },
  // What the dashboard does not have reads as any unknown address does.
  { path: '*', ...page(() => import('@/routes/not-found')) },
];

/** Loads the modules of the dashboard routes matching `pathname` (a full path, /dashboard/…). */
export const preloadDashboardRoute = (pathname: string) =>
  preloadMatches(dashboardRoutes, pathname, paths.dashboard.root.getHref());

/** The dashboard page at the current address. */
export const DashboardRoutes = () => useRoutes(dashboardRoutes);
