import type { LegalSlug } from '@/content/legal';

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
  /** The catalogue: a category's page and a search's, each with its filters in the query. */
  category: { path: '/category/:slug', getHref: (slug: string) => `/category/${encodeURIComponent(slug)}` },
  search: { path: '/search', getHref: () => '/search' },
  purchase: { path: '/purchase/:id', getHref: (id: string) => `/purchase/${encodeURIComponent(id)}` },
  /** B2B ordering: the server cart, the quick-order pad, checkout and its payment. */
  cart: { path: '/cart', getHref: () => '/cart' },
  quickOrder: { path: '/quick-order', getHref: () => '/quick-order' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /** An invitation to join a company (public: the page offers sign-in first). */
  join: { path: '/join/:token', getHref: (token: string) => `/join/${encodeURIComponent(token)}` },
  checkoutPay: { path: '/checkout/:id', getHref: (id: string) => `/checkout/${encodeURIComponent(id)}` },
  /**
   * The dashboard's own pages are in dashboard-paths.ts: only its pages and links load them. The review
   * form is here too, for the product page's 'Write a review'.
   */
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    review: {
      path: '/dashboard/review',
      getHref: (productId?: string) =>
        `/dashboard/review${productId ? `?product=${encodeURIComponent(productId)}` : ''}`,
    },
  },
  notFound: { path: '*' },
} as const;

/** Id of the home page's products section: the hero's 'Get Started' scrolls to it. */
export const PRODUCTS_SECTION_ID = 'products';
