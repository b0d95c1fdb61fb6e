import { makeCompany } from './company';
import type { CompanyDetail, CompanyMember, CompanySummary } from '@forgeline/shared/schemas/company';

/** A company of the admin's list, for component tests; `over` sets what the test is about. */
export const makeCompanySummary = (n: number, over: Partial<CompanySummary> = {}): CompanySummary => ({
  id: `c${n}`,
  name: n % 2 ? `Acme Works ${n}` : `Borg Ltd ${n}`,
  taxId: n % 2 ? `DE${String(100000000 + n)}` : null,
  country: 'DE',
  memberCount: 3,
  termsDays: n % 2 ? 30 : null,
  creditLimit: n % 2 ? 5000 : 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const makeMember = (over: Partial<CompanyMember> = {}): CompanyMember => ({
  userId: 'u1',
  name: 'Ann Admin',
  email: 'ann@acme.example',
  role: 'admin',
  seesAllOrders: true,
  orderLimit: null,
  monthlyLimit: null,
  spentThisMonth: 0,
  joinedAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

/** GET /companies/:id of a company on net 30 with an admin, a buyer with limits and one site. */
export const makeCompanyDetail = (over: Partial<CompanyDetail> = {}): CompanyDetail => ({
  company: makeCompany({
    id: 'c1',
    name: 'Acme Works',
    terms: { approved: true, termsDays: 30, creditLimit: 5000, used: 1200, available: 3800 },
  }),
  members: [
    makeMember(),
    makeMember({
      userId: 'u2',
      name: 'Bob Buyer',
      email: 'bob@acme.example',
      role: 'buyer',
      seesAllOrders: false,
      orderLimit: 500,
      monthlyLimit: 2000,
      spentThisMonth: 150,
    }),
    makeMember({ userId: 'u3', name: 'Fay Finance', email: 'fay@acme.example', role: 'finance' }),
  ],
  addresses: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      label: 'Leeds plant',
      contact: 'Joe',
      phone: '+44 113 496 0000',
      address: '2 Works Lane, Leeds',
    },
  ],
  invitations: [],
  requests: [],
  orders: [],
  invoices: [],
  applications: [],
  ...over,
});
