import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { messages } from '../messages.ts';
import { taxIdCountryProblem, taxIdProblem } from '../tax-id.ts';
import { CountryCodeSchema, RegionCodeSchema } from './tax.ts';
import {
  COMPANY_ROLE_LABELS,
  COMPANY_ROLE_RIGHTS,
  COMPANY_ROLES,
  type CompanyRole,
} from '../company-roles.ts';
import {
  creditLimitDollars,
  EmailSchema,
  LineQuantitySchema,
  notSingleLine,
  PhoneSchema,
  SINGLE_LINE,
  singleLineText,
} from './common.ts';
import { CheckoutBodySchema, CheckoutSchema } from './checkout.ts';
import { InvoiceSummarySchema } from './invoice.ts';
import { OrderSchema } from './order.ts';
import { PaymentTermsSchema } from './payment-terms.ts';

/** Companies (docs/decisions/0213): a customer is a business with members, each in one role (company-roles.ts). */
export { COMPANY_ROLE_LABELS, COMPANY_ROLE_RIGHTS, COMPANY_ROLES, type CompanyRole };
export const CompanyRoleSchema = z.enum(COMPANY_ROLES, {
  error: "role must be 'admin', 'approver', 'buyer' or 'finance'",
});

const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .regex(SINGLE_LINE, notSingleLine(label));

/** An optional tax/VAT ID: spaces and dots dropped, upper case, its format checked (tax-id.ts). */
const TaxIdText = z
  .string({ error: 'The tax ID must be text' })
  .trim()
  .max(LIMITS.taxIdMax, `The tax ID must be ${LIMITS.taxIdMax} characters or fewer`)
  .transform((value) => value.replace(/[\s.]/g, '').toUpperCase())
  .superRefine((value, context) => {
    const problem = value === '' ? null : taxIdProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value === '' ? null : value));

/** null clears it, as an empty text does. */
export const TaxIdSchema = z.preprocess((value) => value ?? '', TaxIdText);

const dollarsLimit = (label: string) => creditLimitDollars(label).nullable();

export const CompanyNameSchema = singleLineText(
  'Company name',
  'Please enter the company’s legal name',
  LIMITS.companyNameMax,
);

/** A company as its members see it, with its payment terms and what of the credit line is in use. */
export const CompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  billingAddress: z.string(),
  /** When false, buyers deliver only to an address of the book. */
  allowFreeTextAddress: z.boolean(),
  terms: PaymentTermsSchema,
  /** Where the company is, for its tax (decision 0231): null for companies made before it was asked. */
  country: z.string().nullable(),
  region: z.string().nullable(),
  /** When and by whom the shop verified the VAT ID (VIES); null: not verified, VAT is charged. */
  taxIdVerifiedAt: z.string().nullable(),
  taxIdVerifiedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

/**
 * The rules between a company's country, region and tax ID (decision 0231), for whichever of them a
 * body carries: an EU company's VAT ID starts with its state's prefix; a US company names its state,
 * whose sales tax it pays.
 */
export function companyTaxProblems(body: {
  country?: string | null | undefined;
  region?: string | null | undefined;
  taxId?: string | null | undefined;
}): { path: 'taxId' | 'region'; message: string }[] {
  const problems: { path: 'taxId' | 'region'; message: string }[] = [];
  const taxIdProblemOfCountry = taxIdCountryProblem(body.taxId ?? null, body.country ?? null);
  if (taxIdProblemOfCountry) problems.push({ path: 'taxId', message: taxIdProblemOfCountry });
  if (body.country === 'US' && body.region === null)
    problems.push({
      path: 'region',
      message: 'A company in the US names its state (e.g. IL): its sales tax depends on it',
    });
  return problems;
}
const checkCompanyTax = (
  body: Parameters<typeof companyTaxProblems>[0],
  context: z.core.$RefinementCtx<unknown>,
) => {
  for (const problem of companyTaxProblems(body))
    context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
};

const companyFields = {
  name: CompanyNameSchema,
  taxId: TaxIdSchema.optional(),
  billingAddress: singleLineText('Billing address', messages.addressRequired, LIMITS.addressMax),
  country: CountryCodeSchema,
  region: RegionCodeSchema.optional(),
  allowFreeTextAddress: z.boolean().optional(),
};

/**
 * POST /companies (shop admin) and the company admin's details form: name, billing address and country
 * required. PATCH takes any of the fields (CompanyPatchSchema).
 */
export const CompanyBodySchema = z
  .object(companyFields)
  .superRefine((body, context) => checkCompanyTax({ ...body, region: body.region ?? null }, context));
export type CompanyBody = z.infer<typeof CompanyBodySchema>;
export type CompanyBodyInput = z.input<typeof CompanyBodySchema>;
/** A country given without a region clears the region (a US company then must name its state). */
export const CompanyPatchSchema = z
  .object(companyFields)
  .partial()
  .superRefine((body, context) =>
    checkCompanyTax(
      { ...body, region: body.country !== undefined && body.region === undefined ? null : body.region },
      context,
    ),
  );
export type CompanyPatch = z.infer<typeof CompanyPatchSchema>;
/**
 * The company admin's own details form: everything but the country and state, which decide the company's
 * tax and so are the shop's to change (the server refuses a company's own move). A tax ID's prefix is
 * checked against the country the company has, on the server.
 */
export const CompanyOwnDetailsSchema = z.object({
  name: companyFields.name,
  taxId: companyFields.taxId,
  billingAddress: companyFields.billingAddress,
  allowFreeTextAddress: companyFields.allowFreeTextAddress,
});
export type CompanyOwnDetails = z.infer<typeof CompanyOwnDetailsSchema>;

/** A member of a company. Limits are dollars, null for none; `spentThisMonth` counts this calendar month. */
export const CompanyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  seesAllOrders: z.boolean(),
  orderLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  spentThisMonth: z.number(),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof CompanyMemberSchema>;

/** PATCH /company/members/:userId (company admin). */
export const CompanyMemberPatchSchema = z.object({
  role: CompanyRoleSchema.optional(),
  seesAllOrders: z.boolean().optional(),
  orderLimit: dollarsLimit('The per-order limit').optional(),
  monthlyLimit: dollarsLimit('The monthly limit').optional(),
});
export type CompanyMemberPatch = z.infer<typeof CompanyMemberPatchSchema>;

/** GET /company: the signed-in person's company and role, or their application while they have none. */
export const MyCompanySchema = z.object({
  company: CompanySchema.nullable(),
  member: CompanyMemberSchema.nullable(),
  application: z.lazy(() => CompanyApplicationSchema).nullable(),
});
export type MyCompany = z.infer<typeof MyCompanySchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  /** 'pending' until used; 'expired' after `expiresAt` (re-send gives a new link). */
  status: z.enum(['pending', 'expired']),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST /company/invitations (company admin). */
export const InvitationBodySchema = z.object({ email: EmailSchema, role: CompanyRoleSchema });
export type InvitationBody = z.infer<typeof InvitationBodySchema>;

/** GET /companyInvitations/:token: what the link offers, before joining. */
export const InvitationPreviewSchema = z.object({
  companyName: z.string(),
  role: CompanyRoleSchema,
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** A delivery site of the company's address book. */
export const CompanyAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type CompanyAddress = z.infer<typeof CompanyAddressSchema>;

export const CompanyAddressBodySchema = z.object({
  label: singleLineText('Label', 'Please name this site', LIMITS.addressLabelMax),
  contact: singleLineText('Contact', 'Please enter a contact person', LIMITS.displayNameMax),
  phone: PhoneSchema,
  address: singleLineText('Address', messages.addressRequired, LIMITS.addressMax),
});
export type CompanyAddressBody = z.infer<typeof CompanyAddressBodySchema>;

/** A line of an order request or saved list: the part, its quantity and (requests) its unit price. */
export const RequestLineSchema = z.object({
  productId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  total: z.number(),
});

/**
 * A checkout (or a quote's acceptance) over the buyer's spending limit, waiting for an approver
 * (docs/decisions/0214). Stock is not held while it waits.
 */
export const OrderRequestSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['checkout', 'quote']),
  quoteId: z.string().nullable(),
  buyer: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  lines: z.array(RequestLineSchema),
  total: z.number(),
  address: z.string(),
  phone: z.string(),
  poReference: z.string().nullable(),
  paymentMethod: z.enum(['card', 'invoice']),
  /** The delivery method and destination the buyer chose (priced when approved); null: none chosen. */
  delivery: z.object({ methodId: z.string(), country: z.string(), region: z.string().nullable() }).nullable(),
  /** Why it needs approval, e.g. 'Over Ann's per-order limit of $5,000.00'. */
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn', 'expired']),
  comment: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The checkout its approval placed. */
  checkoutId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

export const RequestDecisionBodySchema = z.object({
  comment: oneLine('The comment', LIMITS.commentMax).optional(),
});
/** Rejecting needs a reason the buyer can act on. */
export const RequestRejectionBodySchema = z.object({
  comment: singleLineText('The comment', 'Please say why the request is rejected', LIMITS.commentMax),
});

/** 202 from POST /checkout or POST /quotes/:id/accept when the buyer's limit sends it for approval. */
export const ApprovalNeededSchema = z.object({ request: OrderRequestSchema });
export type ApprovalNeeded = z.infer<typeof ApprovalNeededSchema>;

/** A named part list shared inside the company. */
export const SavedListSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  lines: z.array(
    z.object({
      productId: z.string(),
      sku: z.string().nullable(),
      /** The company's own number for the part (decision 0218), when it has one. */
      customerPartNumber: z.string().nullable().optional(),
      name: z.string(),
      quantity: z.number(),
    }),
  ),
});
export type SavedList = z.infer<typeof SavedListSchema>;

export const SavedListBodySchema = z.object({
  name: singleLineText('List name', 'Please name the list', LIMITS.savedListNameMax),
  lines: z
    .array(
      z
        .object({
          productId: z.string().trim().min(1, 'productId is required').max(100).optional(),
          /** Instead of productId: our part number, or the company's own for the part (decision 0218). */
          sku: z.string().trim().min(1, 'Part number is required').max(100).toUpperCase().optional(),
          quantity: LineQuantitySchema,
        })
        .refine((line) => line.productId !== undefined || line.sku !== undefined, {
          message: 'Give a productId or a part number (sku)',
        }),
    )
    .max(LIMITS.cartLinesMax, `A list holds at most ${LIMITS.cartLinesMax} parts`),
});
export type SavedListBody = z.infer<typeof SavedListBodySchema>;

/** An application for a business account, decided by the shop's admin. */
export const CompanyApplicationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  taxId: z.string().nullable(),
  /** Null on applications made before the country was asked. */
  country: z.string().nullable(),
  region: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'declined']),
  applicant: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CompanyApplication = z.infer<typeof CompanyApplicationSchema>;

export const CompanyApplicationBodySchema = z
  .object({
    companyName: CompanyNameSchema,
    taxId: TaxIdSchema.optional(),
    billingAddress: singleLineText('Billing address', messages.addressRequired, LIMITS.addressMax),
    country: CountryCodeSchema,
    region: RegionCodeSchema.optional(),
    note: oneLine('The note', LIMITS.commentMax).optional(),
  })
  .superRefine((body, context) => checkCompanyTax({ ...body, region: body.region ?? null }, context));
export type CompanyApplicationBody = z.infer<typeof CompanyApplicationBodySchema>;

/** The shop admin's list of companies. */
export const CompanySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  country: z.string().nullable(),
  memberCount: z.number().int(),
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  createdAt: z.string(),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

/** POST /companies/:id/members (shop admin): attach an existing customer by e-mail. */
export const AttachMemberBodySchema = z.object({ email: EmailSchema, role: CompanyRoleSchema });

/** GET /companies/:id (shop admin): the company with everything its page shows. */
export const CompanyDetailSchema = z.object({
  company: CompanySchema,
  members: z.array(CompanyMemberSchema),
  addresses: z.array(CompanyAddressSchema),
  invitations: z.array(InvitationSchema),
  requests: z.array(OrderRequestSchema),
  /** The newest 50 orders and invoices (the full lists are the admin's orders and invoices pages). */
  orders: z.array(OrderSchema),
  invoices: z.array(InvoiceSummarySchema),
  applications: z.array(CompanyApplicationSchema),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

/**
 * POST /companies/:id/orders (shop admin, 'order for this customer'): a checkout placed for a named buyer
 * of the company, with the lines given (not their cart), by the rules the buyer's own checkout follows.
 */
export const OrderOnBehalfBodySchema = CheckoutBodySchema.omit({ lines: true }).extend({
  buyerId: z
    .string({ error: 'Choose the buyer to order for' })
    .trim()
    .min(1, 'Choose the buyer to order for')
    .max(100),
  lines: z
    .array(
      z.object({
        productId: z.string().trim().min(1, 'productId is required').max(100),
        quantity: LineQuantitySchema,
      }),
    )
    .min(1, 'Order at least one line')
    .max(LIMITS.cartLinesMax, `At most ${LIMITS.cartLinesMax} lines at a time`),
});
export type OrderOnBehalfBody = z.infer<typeof OrderOnBehalfBodySchema>;

/** POST /company/requests/:id/approve: the request as decided and the checkout it placed. */
export const ApprovalResultSchema = z.object({ request: OrderRequestSchema, checkout: CheckoutSchema });
export type ApprovalResult = z.infer<typeof ApprovalResultSchema>;
