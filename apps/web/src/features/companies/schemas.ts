import { OrderOnBehalfBodySchema } from '@forgeline/shared/schemas/company';

/** The companies forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export {
  AttachMemberBodySchema,
  CompanyBodySchema,
  CompanyMemberPatchSchema,
} from '@forgeline/shared/schemas/company';

/** 'Order for this customer': the fields of its form (the lines and the payment are kept beside it). */
export const OrderForCustomerFieldsSchema = OrderOnBehalfBodySchema.pick({
  buyerId: true,
  address: true,
  phone: true,
  poReference: true,
});
