import { vi } from 'vitest';
import type {
  Company,
  CompanyAddress,
  CompanyMember,
  MyCompany,
  OrderRequest,
} from '@forgeline/shared/schemas/company';
import { jsonResponse } from './render';

/** Companies as the API answers them, for component tests; `over` sets what the test is about. */
export const makeCompany = (over: Partial<Company> = {}): Company => ({
  id: 'co1',
  name: 'Acme Fabrication Ltd',
  taxId: 'DE123456789',
  country: 'DE',
  region: null,
  taxIdVerifiedAt: null,
  taxIdVerifiedBy: null,
  billingAddress: '1 Mill Road, Leeds',
  allowFreeTextAddress: true,
  terms: { approved: true, termsDays: 30, creditLimit: 20000, used: 5000, available: 15000 },
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const makeMember = (over: Partial<CompanyMember> = {}): CompanyMember => ({
  userId: 'u-ada',
  name: 'Ada',
  email: 'ada@acme.example',
  role: 'admin',
  seesAllOrders: true,
  orderLimit: null,
  monthlyLimit: null,
  spentThisMonth: 0,
  joinedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const myCompany = (
  member: Partial<CompanyMember> = {},
  company: Partial<Company> = {},
): MyCompany => ({
  company: makeCompany(company),
  member: makeMember(member),
  application: null,
});

export const makeAddress = (over: Partial<CompanyAddress> = {}): CompanyAddress => ({
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Leeds plant',
  contact: 'Bob',
  phone: '+44 113 000000',
  address: '9 Forge Lane, Leeds',
  ...over,
});

export const makeRequest = (over: Partial<OrderRequest> = {}): OrderRequest => ({
  id: 'r1',
  number: 'RQ-100001',
  kind: 'checkout',
  quoteId: null,
  buyer: { id: 'u-bob', name: 'Bob', email: 'bob@acme.example' },
  lines: [
    { productId: 'p1', sku: 'FL-BRG-6204', name: 'Ball bearing', quantity: 500, unitPrice: 12, total: 6000 },
  ],
  total: 6000,
  address: '9 Forge Lane, Leeds',
  phone: '+44 113 000000',
  poReference: null,
  delivery: null,
  paymentMethod: 'card',
  reason: "Over Bob's per-order limit of $5,000.00",
  status: 'pending',
  comment: null,
  decidedBy: null,
  decidedAt: null,
  checkoutId: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
  ...over,
});

type Handler = Response | ((body: unknown) => Response | Promise<Response>);

/**
 * Stubs fetch with answers by 'METHOD /path' (the path after /api, without the query); anything else is
 * a 404. Returns the calls made, each with its parsed body, to assert what was sent.
 */
export const stubApi = (routes: Record<string, Handler>) => {
  const calls: { key: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const key = `${init?.method ?? 'GET'} ${path}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ key, url, body });
      const handler = routes[key];
      if (!handler) return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
      // A Response can be read once: each call gets a fresh copy.
      return typeof handler === 'function' ? handler(body) : handler.clone();
    }),
  );
  return calls;
};
