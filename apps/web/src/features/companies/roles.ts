import type { CompanyRole } from '@forgeline/shared/schemas/company';

/**
 * The roles as the pages show them. COMPANY_ROLES, COMPANY_ROLE_LABELS and COMPANY_ROLE_RIGHTS live in the
 * shared schema module, whose zod would load with the page (decision 0042): these mirror them, and
 * `satisfies` makes a role added there fail the typecheck here.
 */
export const ROLE_LABELS = {
  admin: 'Company admin',
  approver: 'Approver',
  buyer: 'Buyer',
  finance: 'Finance',
} as const satisfies Record<CompanyRole, string>;

export const ROLES = Object.keys(ROLE_LABELS) as CompanyRole[];

/** Who may order (finance may not): the buyers an admin can order for. */
export const CAN_ORDER = {
  admin: true,
  approver: true,
  buyer: true,
  finance: false,
} as const satisfies Record<CompanyRole, boolean>;
