// Plain constants, no zod: the pages import these without the schemas (a module a page touches keeps
// all its top-level schema code, and with it zod, in that page's bundle).

/** A member's one role in their company (docs/decisions/0213). */
export const COMPANY_ROLES = ['admin', 'approver', 'buyer', 'finance'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  admin: 'Company admin',
  approver: 'Approver',
  buyer: 'Buyer',
  finance: 'Finance',
};

/**
 * What each role may do: the server decides by this table, the pages show only what it allows.
 * `seeAllOrders` for a buyer is the member's own `seesAllOrders` switch.
 */
export const COMPANY_ROLE_RIGHTS: Record<
  CompanyRole,
  { manage: boolean; approve: boolean; order: boolean; seeAllOrders: boolean; seeInvoices: boolean }
> = {
  admin: { manage: true, approve: true, order: true, seeAllOrders: true, seeInvoices: true },
  approver: { manage: false, approve: true, order: true, seeAllOrders: true, seeInvoices: true },
  buyer: { manage: false, approve: false, order: true, seeAllOrders: false, seeInvoices: false },
  finance: { manage: false, approve: false, order: false, seeAllOrders: true, seeInvoices: true },
};
