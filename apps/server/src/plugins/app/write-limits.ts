import type { FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/errors.ts';

/**
 * A limit on a route that mails someone or stores what a person typed: requests per window counted
 * per signed-in account AND per client address, whichever runs out first (docs/decisions/0190).
 * Routes with the same `budget` share one count (a checkout and a single order are both "orders").
 */
export interface WriteLimit {
  /** What the caller did too often, for the 429's message: "Too many quote requests…". */
  what: string;
  perAccount: number;
  perAddress: number;
  windowS: number;
  budget?: string;
}
/** A state-changing route that needs no write limit here, and why. */
export interface NoWriteLimit {
  none: string;
}

const ORDERS: WriteLimit = {
  what: 'orders',
  perAccount: 30,
  perAddress: 300,
  windowS: 10 * 60,
  budget: 'orders',
};
const PAYMENTS: WriteLimit = {
  what: 'payment requests',
  perAccount: 120,
  perAddress: 1200,
  windowS: 10 * 60,
  budget: 'payments',
};
// The admin area is trusted and audited; this only stops a stolen admin session from flooding buyers.
const ADMIN: WriteLimit = {
  what: 'changes',
  perAccount: 1000,
  perAddress: 2000,
  windowS: 10 * 60,
  budget: 'admin',
};
// Tax exemption certificates store a file of up to 5 MB each (decision 0231).
const CERTIFICATES: WriteLimit = {
  what: 'certificate uploads',
  perAccount: 20,
  perAddress: 100,
  windowS: 60 * 60,
  budget: 'certificates',
};
// A procurement system's documents and its buyers' visits: generous for a busy customer, a wall for a
// script guessing secrets.
const PUNCHOUT: WriteLimit = {
  what: 'punchout requests',
  perAccount: 600,
  perAddress: 600,
  windowS: 10 * 60,
  budget: 'punchout',
};
const CART = { none: 'fills the own cart: part ids and quantities, no text, no mail' };
// A company's own pages: members' and sites' details, lists; invitations and decisions mail people.
const COMPANY: WriteLimit = {
  what: 'company changes',
  perAccount: 300,
  perAddress: 3000,
  windowS: 10 * 60,
  budget: 'company',
};
const COMPANY_MAILS: WriteLimit = {
  what: 'invitations',
  perAccount: 50,
  perAddress: 500,
  windowS: 60 * 60,
  budget: 'company-mails',
};

/**
 * Every route that changes something (POST, PUT, PATCH, DELETE), by method and path: its limit, or why
 * it has none. The one home of these limits: a route missing here stops the server at start-up
 * (writeLimitsPlugin), so a new route cannot forget its limit. Generous for a buyer, an office of
 * buyers behind one address included; a wall for a script.
 */
export const WRITE_LIMITS: Record<string, WriteLimit | NoWriteLimit> = {
  // Visitors' forms.
  'POST /api/contact': { what: 'messages', perAccount: 5, perAddress: 5, windowS: 10 * 60 },
  'POST /api/newsletter': { what: 'sign-ups', perAccount: 5, perAddress: 5, windowS: 10 * 60 },
  // Buyers' words and the mails they cause.
  'POST /api/review': { what: 'reviews', perAccount: 5, perAddress: 50, windowS: 60 * 60 },
  'POST /api/quotes': { what: 'quote requests', perAccount: 20, perAddress: 200, windowS: 60 * 60 },
  'POST /api/quotes/:id/messages': {
    what: 'messages',
    perAccount: 60,
    perAddress: 600,
    windowS: 60 * 60,
    budget: 'quote-messages',
  },
  'POST /api/quotes/:id/decline': {
    what: 'quote replies',
    perAccount: 30,
    perAddress: 300,
    windowS: 60 * 60,
  },
  'POST /api/quotes/:id/accept': ORDERS,
  'POST /api/order': ORDERS,
  'POST /api/checkout': ORDERS,
  // Each request mails the buyer and writes a row the shop reads (decision 0240).
  'POST /api/returns': { what: 'return requests', perAccount: 30, perAddress: 300, windowS: 60 * 60 },
  'DELETE /api/myOrder/:id': { what: 'cancellations', perAccount: 60, perAddress: 600, windowS: 60 * 60 },
  'PUT /api/userInfo': { what: 'profile changes', perAccount: 60, perAddress: 600, windowS: 60 * 60 },
  // Payments: each confirmation mails a receipt; each intent is a call to the provider.
  'POST /api/create-payment-intent': PAYMENTS,
  'POST /api/checkouts/:id/payment-intent': PAYMENTS,
  'PATCH /api/order/:id': PAYMENTS,
  'PATCH /api/checkouts/:id': PAYMENTS,
  'POST /api/payments/test-card/confirm': {
    what: 'card payments',
    perAccount: 60,
    perAddress: 600,
    windowS: 60,
  },
  // Companies (docs/decisions/0213).
  'PATCH /api/company': COMPANY,
  'PATCH /api/company/members/:userId': COMPANY,
  'DELETE /api/company/members/:userId': COMPANY,
  'POST /api/company/invitations': COMPANY_MAILS,
  'POST /api/company/invitations/:id/resend': COMPANY_MAILS,
  'DELETE /api/company/invitations/:id': COMPANY,
  'POST /api/companyInvitations/:token/accept': COMPANY,
  'POST /api/company/addresses': COMPANY,
  'PUT /api/company/addresses/:id': COMPANY,
  'DELETE /api/company/addresses/:id': COMPANY,
  'POST /api/company/requests/:id/approve': ORDERS,
  'POST /api/company/requests/:id/reject': COMPANY_MAILS,
  'POST /api/company/requests/:id/withdraw': COMPANY,
  'POST /api/company/lists': COMPANY,
  'PUT /api/company/lists/:id': COMPANY,
  'DELETE /api/company/lists/:id': COMPANY,
  'POST /api/company/lists/:id/cart': CART,
  'PUT /api/company/partNumbers': COMPANY,
  'DELETE /api/company/partNumbers/:productId': COMPANY,
  // One file of up to 5,000 numbers counts once; a dry run stores nothing but reads as much.
  'POST /api/company/partNumbers/import': COMPANY,
  'POST /api/companyApplications': { what: 'applications', perAccount: 5, perAddress: 50, windowS: 60 * 60 },
  'POST /api/product/:id/documents': ADMIN,
  'PATCH /api/documents/:id': ADMIN,
  'DELETE /api/documents/:id': ADMIN,
  'PUT /api/product/:id/lifecycle': ADMIN,
  'POST /api/companies': ADMIN,
  'PATCH /api/companies/:id': ADMIN,
  'PATCH /api/companies/:id/terms': ADMIN,
  'POST /api/companies/:id/members': ADMIN,
  'PATCH /api/companies/:id/members/:userId': ADMIN,
  'DELETE /api/companies/:id/members/:userId': ADMIN,
  'POST /api/companies/:id/orders': ADMIN,
  'POST /api/companyApplications/:id/approve': ADMIN,
  'POST /api/companyApplications/:id/decline': ADMIN,
  // The admin area: quote offers and shipping notices mail buyers; products store text.
  'POST /api/quotes/:id/offer': ADMIN,
  'PUT /api/order/shipped/:id': ADMIN,
  'POST /api/shipments': ADMIN,
  'POST /api/returns/:id/approve': ADMIN,
  'POST /api/returns/:id/refuse': ADMIN,
  'POST /api/returns/:id/receive': ADMIN,
  'POST /api/returns/:id/refund': ADMIN,
  'POST /api/checkouts/:id/mark-paid': ADMIN,
  'PATCH /api/users/:id/terms': ADMIN,
  'POST /api/product': ADMIN,
  'PUT /api/product/:id': ADMIN,
  'DELETE /api/product/:id': ADMIN,
  'POST /api/images': ADMIN,
  'POST /api/products/import': ADMIN,
  'POST /api/products/bulk': ADMIN,
  'DELETE /api/user/:id': ADMIN,
  'PUT /api/user/admin/:email': ADMIN,
  // Price lists, customer groups and who may see a part (decision 0217).
  'POST /api/price-lists': ADMIN,
  'POST /api/categories': ADMIN,
  'PUT /api/categories/:id': ADMIN,
  'DELETE /api/categories/:id': ADMIN,
  'POST /api/categories/:id/attributes': ADMIN,
  'DELETE /api/category-attributes/:id': ADMIN,
  'PUT /api/product/:id/specs': ADMIN,
  'PUT /api/price-lists/:id': ADMIN,
  'DELETE /api/price-lists/:id': ADMIN,
  'PUT /api/price-lists/:id/items': ADMIN,
  'DELETE /api/price-lists/:id/items/:productId': ADMIN,
  'POST /api/price-lists/:id/import': ADMIN,
  'POST /api/price-lists/:id/assignments': ADMIN,
  'PATCH /api/price-lists/:id/assignments/:assignmentId': ADMIN,
  'DELETE /api/price-lists/:id/assignments/:assignmentId': ADMIN,
  'POST /api/customer-groups': ADMIN,
  'PATCH /api/customer-groups/:id': ADMIN,
  'DELETE /api/customer-groups/:id': ADMIN,
  'PUT /api/companies/:id/group': ADMIN,
  'PUT /api/products/:id/access': ADMIN,
  'POST /api/tax/rates': ADMIN,
  'POST /api/delivery/zones': ADMIN,
  'PUT /api/delivery/zones/:id': ADMIN,
  'DELETE /api/delivery/zones/:id': ADMIN,
  'POST /api/delivery/methods': ADMIN,
  'PUT /api/delivery/methods/:id': ADMIN,
  'DELETE /api/delivery/methods/:id': ADMIN,
  'POST /api/checkouts/:id/freight': ADMIN,
  'PATCH /api/tax/rates/:id': ADMIN,
  'DELETE /api/tax/rates/:id': ADMIN,
  'POST /api/companies/:id/taxId/verification': ADMIN,
  'DELETE /api/companies/:id/taxId/verification': ADMIN,
  'POST /api/tax/exemptions/:id/approve': ADMIN,
  'POST /api/tax/exemptions/:id/reject': ADMIN,
  'POST /api/company/taxExemptions': CERTIFICATES,
  'POST /api/apiKeys': ADMIN,
  'DELETE /api/apiKeys/:id': ADMIN,
  'POST /api/company/apiKeys': COMPANY,
  'DELETE /api/company/apiKeys/:id': COMPANY,
  'POST /api/webhooks/endpoints': ADMIN,
  'PATCH /api/webhooks/endpoints/:id': ADMIN,
  'DELETE /api/webhooks/endpoints/:id': ADMIN,
  'POST /api/webhooks/endpoints/:id/messages/:messageId/replay': ADMIN,
  'POST /api/webhooks/endpoints/:id/resume': ADMIN,
  'POST /api/webhooks/endpoints/:id/test': ADMIN,
  'POST /api/company/webhooks/endpoints': COMPANY,
  'PATCH /api/company/webhooks/endpoints/:id': COMPANY,
  'DELETE /api/company/webhooks/endpoints/:id': COMPANY,
  'POST /api/company/webhooks/endpoints/:id/messages/:messageId/replay': COMPANY,
  'POST /api/company/webhooks/endpoints/:id/resume': COMPANY,
  'POST /api/company/webhooks/endpoints/:id/test': COMPANY,
  // Punchout (decision 0246): the settings, and the doors of procurement systems.
  'PUT /api/companies/:id/punchout': ADMIN,
  'POST /punchout/cxml': PUNCHOUT,
  'POST /punchout/oci': PUNCHOUT,
  'POST /punchout/transfer': PUNCHOUT,
  // No limit here.
  'POST /api/cart/lines': CART,
  'PUT /api/cart/lines/:productId': CART,
  'DELETE /api/cart/lines/:productId': CART,
  'DELETE /api/cart': CART,
  'POST /api/checkouts/:id/reorder': CART,
  'POST /api/order/:id/reorder': CART,
  'POST /api/quick-order/check': { none: 'reads the catalogue only' },
  'PUT /api/user/:email': {
    none: "the SPA's sign-in handshake: stores no text, mails nothing; sign-in has its own limits",
  },
  'POST /api/webhooks/stripe': { none: "Stripe's signed events: its retries must never be refused" },
  'POST /api/auth/*': {
    none: 'the identity routes: their own table, modules/auth/rate-limits.ts (per address, and per mailed address)',
  },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isWriteLimit = (entry: WriteLimit | NoWriteLimit): entry is WriteLimit => !('none' in entry);

/** The counters' keys of a route's limit: one per client address, one per account, per budget. */
export const writeLimitKeys = (key: string, limit: WriteLimit) => {
  const prefix = `forgeline-wl-${limit.budget ?? key}-`;
  return { address: (ip: string) => `${prefix}ip:${ip}`, account: (id: string) => `${prefix}user:${id}` };
};

const inMinutes = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

/**
 * Puts each route's write limit in front of its handler (a preHandler: after the guards, so the account
 * is known, and after validation, so a refused body costs nothing), and refuses to start with a
 * state-changing route that WRITE_LIMITS does not name. Counts in the shared store (Redis when
 * REDIS_URL is set, see plugins/external/rate-limit.ts).
 */
export const writeLimitsPlugin = fp(
  async (app) => {
    const limiter =
      (key: string, limit: WriteLimit): preHandlerAsyncHookHandler =>
      async (request: FastifyRequest, reply) => {
        // Routes open to visitors count a signed-in caller as such too.
        const account = request.user ?? (await app.resolveUser(request));
        const keys = writeLimitKeys(key, limit);
        const window = limit.windowS * 1000;
        const counts = await Promise.all([
          app.limitCounter
            .hit(keys.address(request.ip), window)
            .then((hit) => ({ ...hit, max: limit.perAddress })),
          ...(account
            ? [
                app.limitCounter
                  .hit(keys.account(account.id), window)
                  .then((hit) => ({ ...hit, max: limit.perAccount })),
              ]
            : []),
        ]);
        const over = counts.filter((count) => count.count > count.max);
        if (over.length === 0) return;
        const waitMs = Math.max(1000, ...over.map((count) => count.ttlMs));
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        throw new DomainError(
          'RATE_LIMITED',
          `Too many ${limit.what} in a short time. Please try again in ${inMinutes(waitMs)}.`,
        );
      };

    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (!STATE_CHANGING.has(method)) continue;
        const key = `${method} ${route.url}`;
        const entry = WRITE_LIMITS[key];
        if (!entry)
          throw new Error(
            `${key} changes state but has no entry in WRITE_LIMITS (plugins/app/write-limits.ts): give it a limit, or say why it needs none`,
          );
        if (!isWriteLimit(entry)) continue;
        const existing = [route.preHandler].flat().filter((handler) => handler !== undefined);
        route.preHandler = [limiter(key, entry), ...existing] as never;
      }
    });
  },
  { name: 'write-limits', dependencies: ['rate-limit', 'auth'] },
);

/** The limit of a route of WRITE_LIMITS (throws for a route with none: a programming error). */
export function writeLimitOf(key: string): WriteLimit {
  const entry = WRITE_LIMITS[key];
  if (!entry || !isWriteLimit(entry)) throw new Error(`${key} has no write limit`);
  return entry;
}
