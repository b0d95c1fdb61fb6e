import { COMPANY_ROLE_LABELS, COMPANY_ROLE_RIGHTS, COMPANY_ROLES } from '@forgeline/shared/company-roles';

/** The roles as the pages show them, from the shared zod-free table (decision 0213). */
export const ROLE_LABELS = COMPANY_ROLE_LABELS;

/** Who may order (finance may not): the buyers an admin can order for. */
export const CAN_ORDER = Object.fromEntries(
  COMPANY_ROLES.map((role) => [role, COMPANY_ROLE_RIGHTS[role].order]),
);
