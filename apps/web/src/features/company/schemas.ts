import { z } from 'zod';
import { CompanyMemberPatchSchema, CompanyRoleSchema } from '@forgeline/shared/schemas/company';

/** The forms' schemas, loaded on a form's first validation only (lib/lazy-resolver.ts). */
export {
  CompanyAddressBodySchema,
  CompanyApplicationBodySchema,
  CompanyOwnDetailsSchema,
  InvitationBodySchema,
  RequestDecisionBodySchema,
  RequestRejectionBodySchema,
  SavedListBodySchema,
} from '@forgeline/shared/schemas/company';
export { PartNumberBodySchema } from '@forgeline/shared/schemas/part-numbers';

/** A dollar amount as typed ('5,000', '$ 250.50'); empty means no limit. */
const dollarsOrNone = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : Number(value.replace(/[$,\s]/g, ''))));

/** The member form: limits typed as text, then checked by the server's own rule. */
export const MemberFormSchema = z
  .object({
    role: CompanyRoleSchema,
    seesAllOrders: z.boolean(),
    orderLimit: dollarsOrNone,
    monthlyLimit: dollarsOrNone,
  })
  .pipe(CompanyMemberPatchSchema.required());
