// Plain constants, no zod: the dashboard's key forms render with them before any schema loads (a module
// the SPA touches keeps its top-level schema code, and with it zod, in the route's first bundle).

/**
 * What an API key may do (docs/decisions/0234). A shop key is for the maker's ERP; a company key for a
 * buyer's own system. Each operation that a key may call names one scope (the OpenAPI document says
 * which); a key calls nothing else.
 */
export const SHOP_API_SCOPES = [
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
  'invoices:read',
] as const;
export const COMPANY_API_SCOPES = [
  'catalogue:read',
  'orders:read',
  'orders:write',
  'quotes:read',
  'invoices:read',
] as const;
export const API_SCOPES = [...new Set([...SHOP_API_SCOPES, ...COMPANY_API_SCOPES])] as [
  ApiScope,
  ...ApiScope[],
];
export type ApiScope = (typeof SHOP_API_SCOPES)[number] | (typeof COMPANY_API_SCOPES)[number];

/** What each scope allows a key of each kind, in words, for the forms that make keys. */
export const API_SCOPE_LABELS = {
  shop: {
    'products:read': 'Read products, stock and prices',
    'products:write': 'Change products, stock and prices',
    'orders:read': 'Read every order',
    'orders:write': 'Ship orders',
    'invoices:read': 'Read invoices',
  },
  company: {
    'catalogue:read': 'Read the catalogue at your prices',
    'orders:read': 'Read your orders',
    'orders:write': 'Place orders',
    'quotes:read': 'Read your quotes',
    'invoices:read': 'Read your invoices',
  },
} as const satisfies {
  shop: Record<(typeof SHOP_API_SCOPES)[number], string>;
  company: Record<(typeof COMPANY_API_SCOPES)[number], string>;
};

/** A key's secret starts with this: a leaked one is easy to recognise (and to search for in code). */
export const API_KEY_PREFIX = 'flk_';
