import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
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
      // Contract prices, customer groups (decision 0217).
      {
        path: paths.dashboard.priceLists.path,
        ...page(() => import('@/routes/dashboard/price-lists')),
      },
      {
        path: paths.dashboard.priceList.path,
        ...page(() => import('@/routes/dashboard/price-list')),
      },
      {
        path: paths.dashboard.customerGroups.path,
        ...page(() => import('@/routes/dashboard/customer-groups')),
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
