import { createQueryKeys } from './query-keys';

// The keys of the features outside the app's shell (query-keys.ts says why they are apart).

const orders = createQueryKeys('orders');
export const orderKeys = {
  ...orders,
  /** A customer's own orders. */
  mine: (email: string) => orders.list({ owner: email }),
  /** Every order, for admins. */
  admin: () => orders.list({ owner: 'all' }),
  /** One page of the admin's order search. */
  search: (filters: Record<string, string | number | undefined>) => orders.list({ owner: 'all', ...filters }),
};

const shipments = createQueryKeys('shipments');
/** Shipments (decision 0232): a buyer's, and those of one order line. Shipping refreshes them with the orders. */
export const shipmentKeys = {
  ...shipments,
  mine: () => shipments.list({ owner: 'me' }),
  ofOrder: (orderId: string) => shipments.list({ orderId }),
};

const returns = createQueryKeys('returns');
/** Returns (decision 0240): a buyer's, and the shop's list by status. Each step refreshes them all. */
export const returnKeys = {
  ...returns,
  mine: () => returns.list({ owner: 'me' }),
  admin: (status?: string, page = 1) => returns.list({ owner: 'all', status, page }),
};

const users = createQueryKeys('users');
export const userKeys = {
  ...users,
  list: () => users.list({}),
  /** A user's saved profile (education, location, phone, LinkedIn). */
  info: (email: string) => users.detail(email.toLowerCase()),
};

/** The spec caches reviews under the key 'reviews'. */
export const reviewKeys = createQueryKeys('reviews');
export const auditKeys = createQueryKeys('audit');
/** The admin's back-order list (decision 0238). */
export const backorderKeys = createQueryKeys('backorders');
export const contactKeys = createQueryKeys('contact');
export const newsletterKeys = createQueryKeys('newsletter');

export const paymentKeys = {
  /** The server's public settings: card processor, hold time. */
  config: () => ['config'] as const,
  /** One payment intent per order page visit. */
  intent: (orderId: string | null) => ['payment-intent', orderId] as const,
  /** One payment intent per checkout page visit. */
  checkoutIntent: (checkoutId: string) => ['payment-intent', 'checkout', checkoutId] as const,
};

/** Delivery: the options for the buyer's cart by destination (decision 0235), the shop's zones and methods. */
export const deliveryKeys = {
  ...createQueryKeys('delivery'),
  options: (country: string, region: string) => ['delivery', 'options', country, region] as const,
};

/** Checkouts: one per id (its lines and payment state). */
export const checkoutKeys = createQueryKeys('checkouts');

/** Companies, for the shop's admin (their page and application keys are built in the feature). */
export const adminCompanyKeys = createQueryKeys('admin-companies');
/** The shop admin's price lists and what hangs on them; their other keys are built in the feature. */
export const priceListKeys = createQueryKeys('price-lists');
/** Tax rates, certificates and VAT ID verification (decision 0231); other keys are built in the feature. */
export const taxKeys = createQueryKeys('tax');
/** The shop's API keys, or the signed-in company admin's (docs/decisions/0234). */
export const apiKeyKeys = createQueryKeys('api-keys');
/** Webhook endpoints (list) and each endpoint's deliveries (detail), decision 0260. */
export const webhookKeys = createQueryKeys('webhooks');
/** Punchout (decision 0246): whether this session is a visit, a company's settings and documents. */
export const punchoutKeys = createQueryKeys('punchout');
/** The signed-in member's company and each of its lists (docs/decisions/0213). */
export const companyKeys = {
  all: ['company'] as const,
  mine: () => ['company', 'mine'] as const,
  members: () => ['company', 'members'] as const,
  invitations: () => ['company', 'invitations'] as const,
  addresses: () => ['company', 'addresses'] as const,
  requests: (status: 'pending' | 'all') => ['company', 'requests', status] as const,
  lists: () => ['company', 'lists'] as const,
  /** The roles' rights table, loaded once (it comes with zod, so not with the route). */
  rights: () => ['company-rights'] as const,
  /** An invitation link's preview: no company yet, so outside `all`. */
  invitation: (token: string) => ['company-invitation', token] as const,
};

const quotes = createQueryKeys('quotes');
/** Quotes: the buyer's list, the admin's list by status, one quote. */
export const quoteKeys = {
  ...quotes,
  mine: () => quotes.list({ owner: 'me' }),
  admin: (status?: string) => quotes.list({ owner: 'all', status: status ?? 'all' }),
};

const terms = createQueryKeys('terms');
/** Payment terms (decision 0112): a customer's terms, and the admin's list of open invoices on terms. */
export const termsKeys = {
  ...terms,
  mine: () => terms.detail('mine'),
  ofUser: (userId: string) => terms.detail(userId),
  invoices: (overdue: boolean) => terms.list({ overdue }),
};
