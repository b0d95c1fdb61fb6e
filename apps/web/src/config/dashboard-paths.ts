import { paths } from './paths';

// The dashboard's pages (under paths.dashboard.root): apart from paths.ts so that the public pages,
// whose first JavaScript has a budget, do not carry them.

/** The sections of the Company page, each a tab. */
export const COMPANY_TABS = [
  'details',
  'members',
  'invitations',
  'addresses',
  'approvals',
  'lists',
  'partNumbers',
  'apiKeys',
  'webhooks',
] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

/** Every page of the dashboard: `path` for its router (relative), `getHref` for links. */
export const dashboardPaths = {
  myProfile: { path: 'myProfile', getHref: () => '/dashboard/myProfile' },
  payment: { path: 'payment/:id', getHref: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}` },
  /** With a product: a review of that part, listed on its product page. */
  review: { path: 'review', getHref: paths.dashboard.review.getHref },
  myOrders: { path: 'myOrders', getHref: () => '/dashboard/myOrders' },
  makeAdmin: { path: 'makeAdmin', getHref: () => '/dashboard/makeAdmin' },
  addProduct: { path: 'addProduct', getHref: () => '/dashboard/addProduct' },
  manageProducts: { path: 'manageProducts', getHref: () => '/dashboard/manageProducts' },
  manageOrders: { path: 'manageOrders', getHref: () => '/dashboard/manageOrders' },
  /** The admin's figures (also the dashboard's first page for admins). */
  overview: { path: 'overview', getHref: () => '/dashboard/overview' },
  /** One order, for admins: everything needed to ship or cancel it. */
  order: { path: 'order/:id', getHref: (id: string) => `/dashboard/order/${encodeURIComponent(id)}` },
  messages: { path: 'messages', getHref: () => '/dashboard/messages' },
  myQuotes: { path: 'myQuotes', getHref: () => '/dashboard/myQuotes' },
  myQuote: {
    path: 'myQuotes/:id',
    getHref: (id: string) => `/dashboard/myQuotes/${encodeURIComponent(id)}`,
  },
  requestQuote: { path: 'requestQuote', getHref: () => '/dashboard/requestQuote' },
  myInvoices: { path: 'myInvoices', getHref: () => '/dashboard/myInvoices' },
  /** The buyer's company (docs/decisions/0213): one page, a tab per section (`?tab=`). */
  company: {
    path: 'company',
    getHref: (tab?: CompanyTab) => `/dashboard/company${tab ? `?tab=${tab}` : ''}`,
  },
  /** Admins: invoices on payment terms still unpaid (decision 0112). */
  termsInvoices: { path: 'termsInvoices', getHref: () => '/dashboard/termsInvoices' },
  /** Admins: what admins did (decision 0106). */
  audit: { path: 'audit', getHref: () => '/dashboard/audit' },
  /** Admins: buyers' returns to approve, receive and refund (decision 0240). */
  returns: { path: 'returns', getHref: () => '/dashboard/returns' },
  quotes: { path: 'quotes', getHref: () => '/dashboard/quotes' },
  /** Admins: business customers, each a company with members in roles (decision 0213). */
  companies: { path: 'companies', getHref: () => '/dashboard/companies' },
  adminCompany: {
    path: 'companies/:id',
    getHref: (id: string) => `/dashboard/companies/${encodeURIComponent(id)}`,
  },
  companyApplications: { path: 'companyApplications', getHref: () => '/dashboard/companyApplications' },
  /** Admins: contract prices and customer groups (decision 0217). */
  priceLists: { path: 'priceLists', getHref: () => '/dashboard/priceLists' },
  tax: { path: 'tax', getHref: () => '/dashboard/tax' },
  /** Admins: delivery zones and methods with their rates (decision 0235). */
  delivery: { path: 'delivery', getHref: () => '/dashboard/delivery' },
  /** Admins: the shop's API keys (docs/decisions/0234). */
  apiKeys: { path: 'apiKeys', getHref: () => '/dashboard/apiKeys' },
  /** Admins: the shop's webhook endpoints (decision 0260). */
  webhooks: { path: 'webhooks', getHref: () => '/dashboard/webhooks' },
  backorders: { path: 'backorders', getHref: () => '/dashboard/backorders' },
  priceList: {
    path: 'priceLists/:id',
    getHref: (id: string) => `/dashboard/priceLists/${encodeURIComponent(id)}`,
  },
  customerGroups: { path: 'customerGroups', getHref: () => '/dashboard/customerGroups' },
  /** Admins: the catalogue's tree and typed attributes (decision 0220). */
  categories: { path: 'categories', getHref: () => '/dashboard/categories' },
  quote: { path: 'quotes/:id', getHref: (id: string) => `/dashboard/quotes/${encodeURIComponent(id)}` },
} as const;
