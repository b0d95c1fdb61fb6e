import type { LegalSlug } from '@/content/legal';

/** The sections of the Company page, each a tab. */
export const COMPANY_TABS = [
  'details',
  'members',
  'invitations',
  'addresses',
  'approvals',
  'lists',
  'partNumbers',
] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

/** Every route of docs/product.md §2 in one place: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  homeAlias: { path: '/home', getHref: () => '/home' },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  portfolio: { path: '/portfolio', getHref: () => '/portfolio' },
  /** The footer's Legal pages (ours: terms, privacy, cookies). */
  legal: { path: '/legal/:slug', getHref: (slug: LegalSlug) => `/legal/${slug}` },
  auth: {
    login: {
      path: '/login',
      getHref: (redirectTo?: string | null) =>
        `/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
    },
    signup: {
      path: '/signup',
      getHref: (redirectTo?: string | null) =>
        `/signup${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
    },
    resetPass: { path: '/resetPass', getHref: () => '/resetPass' },
  },
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encodeURIComponent(id)}` },
  purchase: { path: '/purchase/:id', getHref: (id: string) => `/purchase/${encodeURIComponent(id)}` },
  /** B2B ordering: the server cart, the quick-order pad, checkout and its payment. */
  cart: { path: '/cart', getHref: () => '/cart' },
  quickOrder: { path: '/quick-order', getHref: () => '/quick-order' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /** An invitation to join a company (public: the page offers sign-in first). */
  join: { path: '/join/:token', getHref: (token: string) => `/join/${encodeURIComponent(token)}` },
  checkoutPay: { path: '/checkout/:id', getHref: (id: string) => `/checkout/${encodeURIComponent(id)}` },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    myProfile: { path: 'myProfile', getHref: () => '/dashboard/myProfile' },
    payment: { path: 'payment/:id', getHref: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}` },
    /** With a product: a review of that part, listed on its product page. */
    review: {
      path: 'review',
      getHref: (productId?: string) =>
        `/dashboard/review${productId ? `?product=${encodeURIComponent(productId)}` : ''}`,
    },
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
    priceList: {
      path: 'priceLists/:id',
      getHref: (id: string) => `/dashboard/priceLists/${encodeURIComponent(id)}`,
    },
    customerGroups: { path: 'customerGroups', getHref: () => '/dashboard/customerGroups' },
    quote: { path: 'quotes/:id', getHref: (id: string) => `/dashboard/quotes/${encodeURIComponent(id)}` },
  },
  notFound: { path: '*' },
} as const;

/** Id of the home page's products section: the hero's 'Get Started' scrolls to it. */
export const PRODUCTS_SECTION_ID = 'products';
