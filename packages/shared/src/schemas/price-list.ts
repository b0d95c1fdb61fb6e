import { z } from 'zod';
import { hasWholeCents, toDollars } from '../money.ts';
import { fromFormField } from '../form-number.ts';
import { LIMITS } from '../constants.ts';
import { optionalDay, singleLineText } from './common.ts';
import { PriceBreakQuantitySchema, SkuSchema } from './product.ts';
import { csvImportRefusedSchema, csvImportReportSchema } from './product-import.ts';

/**
 * The shop admin's price lists, customer groups and who may see a part (decision 0216, 0217). Money is
 * dollars on the wire, as in the products API; a percentage is a number (30, 12.5), basis points inside.
 */

/** A calendar day 'YYYY-MM-DD'; empty or null: open. */
const DaySchema = optionalDay;

/** A price in dollars: more than zero, whole cents. */
export const listPrice = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .positive(`${label} must be more than 0`)
    .min(0.01, `${label} must be at least 0.01`)
    .max(toDollars(LIMITS.priceMaxCents), `${label} is too large`)
    .refine(hasWholeCents, `${label} has at most 2 decimals (whole cents)`);

/** A percentage off the list price: more than 0, less than 100, at most two decimals (12.25 %). */
export const PercentOffSchema = z
  .number({ error: 'The percentage must be a number' })
  .finite('The percentage must be a number')
  .gt(0, 'The percentage must be more than 0')
  .lt(100, 'The percentage must be less than 100 (a part is never free)')
  .refine(hasWholeCents, 'The percentage has at most 2 decimals (12.25)');

/** 30 → 3000 hundredths of a percent; the inverse of percentOfBasisPoints. */
export const basisPointsOfPercent = (percent: number) => Math.round(percent * 100);
export const percentOfBasisPoints = (basisPoints: number) => basisPoints / 100;

export const RuleScopeSchema = z.enum(['all', 'listed']);
export type RuleScope = z.infer<typeof RuleScopeSchema>;

const datesInOrder = (body: { validFrom?: string | null; validTo?: string | null }) =>
  !body.validFrom || !body.validTo || body.validTo >= body.validFrom;
const DATES_ORDER = {
  message: 'Valid to must be on or after valid from',
  path: ['validTo'],
};

const priceListFields = {
  name: singleLineText('Name', 'Name is required', 100),
  validFrom: DaySchema('Valid from'),
  validTo: DaySchema('Valid to'),
  /** null: no rule, the list prices only the parts it names with a price. */
  percentOff: z.preprocess(
    (value) => (value === undefined ? null : fromFormField(null)(value)),
    PercentOffSchema.nullable(),
  ),
  ruleScope: RuleScopeSchema.default('all'),
};

/** POST /price-lists and PUT /price-lists/:id: the list's terms. */
export const PriceListBodySchema = z.object(priceListFields).refine(datesInOrder, DATES_ORDER);
export type PriceListBody = z.infer<typeof PriceListBodySchema>;
export type PriceListBodyInput = z.input<typeof PriceListBodySchema>;

export const PriceTierSchema = z.object({
  minQuantity: PriceBreakQuantitySchema,
  price: listPrice('The price of a price break'),
});

/** PUT /price-lists/:id/items: one part's price and breaks, by id or part number; price null: the rule applies. */
export const PriceListItemBodySchema = z
  .object({
    productId: z.string().max(100).optional(),
    sku: SkuSchema.optional(),
    price: listPrice('Price').nullable(),
    tiers: z
      .array(PriceTierSchema)
      .max(LIMITS.priceTiersMax, `At most ${LIMITS.priceTiersMax} price breaks`)
      .default([]),
  })
  .refine((body) => !!body.productId !== !!body.sku, {
    message: 'Name the part by productId or by sku (one of them)',
    path: ['sku'],
  })
  .refine((body) => body.price !== null || body.tiers.length === 0, {
    message: 'Price breaks need a price: without one the list’s percentage rule prices the part',
    path: ['tiers'],
  });
export type PriceListItemBody = z.infer<typeof PriceListItemBodySchema>;

export const PriceListItemSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The part's own price, for comparison. */
  listPrice: z.number(),
  /** null: the list's percentage rule prices it. */
  price: z.number().nullable(),
  tiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
});
export type PriceListItem = z.infer<typeof PriceListItemSchema>;

/** Who holds a list (or sees a part): one company or one customer group. */
export const HolderSchema = z.object({
  kind: z.enum(['company', 'group']),
  id: z.string(),
  name: z.string(),
});
export type Holder = z.infer<typeof HolderSchema>;

export const PriceListAssignmentSchema = z.object({
  id: z.string(),
  holder: HolderSchema,
  priority: z.number().int(),
});
export type PriceListAssignment = z.infer<typeof PriceListAssignmentSchema>;

const PrioritySchema = z
  .number({ error: 'Priority must be a number' })
  .int('Priority must be a whole number')
  .min(-1000, 'Priority must be between -1000 and 1000')
  .max(1000, 'Priority must be between -1000 and 1000');

/** POST /price-lists/:id/assignments: to a company or to a group. */
export const AssignmentBodySchema = z
  .object({
    companyId: z.string().max(100).optional(),
    groupId: z.string().max(100).optional(),
    priority: PrioritySchema.default(0),
  })
  .refine((body) => !!body.companyId !== !!body.groupId, {
    message: 'Give the list to a company or to a customer group (one of them)',
    path: ['companyId'],
  });
export type AssignmentBody = z.infer<typeof AssignmentBodySchema>;
export const AssignmentPatchSchema = z.object({ priority: PrioritySchema });

export const PriceListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  percentOff: z.number().nullable(),
  ruleScope: RuleScopeSchema,
  itemCount: z.number().int(),
  assignmentCount: z.number().int(),
  /** The companies and groups it is given to, by name. */
  assignedTo: z.array(z.string()),
  updatedAt: z.string(),
});
export type PriceListSummary = z.infer<typeof PriceListSummarySchema>;

export const PriceListDetailSchema = PriceListSummarySchema.extend({
  items: z.array(PriceListItemSchema),
  assignments: z.array(PriceListAssignmentSchema),
});
export type PriceListDetail = z.infer<typeof PriceListDetailSchema>;

export const CustomerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CustomerGroup = z.infer<typeof CustomerGroupSchema>;
export const CustomerGroupBodySchema = z.object({
  name: singleLineText('Name', 'Name is required', 100),
});
export type CustomerGroupBody = z.infer<typeof CustomerGroupBodySchema>;

/** PUT /companies/:id/group: null takes the company out of its group. */
export const CompanyGroupBodySchema = z.object({ groupId: z.string().max(100).nullable() });

/** GET /companies/:id/pricing: the company's group and the lists it is given, directly or by group. */
export const CompanyPricingSchema = z.object({
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  lists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      priority: z.number().int(),
      heldBy: z.enum(['company', 'group']),
      validFrom: z.string().nullable(),
      validTo: z.string().nullable(),
      percentOff: z.number().nullable(),
      ruleScope: RuleScopeSchema,
    }),
  ),
});
export type CompanyPricing = z.infer<typeof CompanyPricingSchema>;

/** GET/PUT /products/:id/access: restricted parts are seen only by 'allow'; 'deny' hides a part. */
export const ProductAccessSchema = z.object({
  restricted: z.boolean(),
  allow: z.array(HolderSchema),
  deny: z.array(HolderSchema),
});
export type ProductAccess = z.infer<typeof ProductAccessSchema>;
const HolderRefSchema = z.object({ kind: z.enum(['company', 'group']), id: z.string().max(100) });
export const ProductAccessBodySchema = z.object({
  restricted: z.boolean(),
  allow: z.array(HolderRefSchema).max(500).default([]),
  deny: z.array(HolderRefSchema).max(500).default([]),
});
export type ProductAccessBody = z.infer<typeof ProductAccessBodySchema>;
export type ProductAccessBodyInput = z.input<typeof ProductAccessBodySchema>;

/** GET /companies/:id/prices/:part?quantity=: which price the company pays, and why. */
export const PriceExplainQuerySchema = z.object({
  quantity: z.coerce
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be 1 or more')
    .max(LIMITS.quantityMax, `quantity must be at most ${LIMITS.quantityMax}`)
    .optional(),
});
export const PriceExplanationSchema = z.object({
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  listPrice: z.number(),
  listTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  price: z.number(),
  tiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  source: z.union([
    z.object({ kind: z.literal('list-price') }),
    z.object({
      kind: z.literal('price-list'),
      listId: z.string(),
      listName: z.string(),
      basis: z.enum(['fixed', 'percent-off']),
      percentOff: z.number().nullable(),
    }),
  ]),
  /** The day the lists were judged valid on (the shop's calendar, UTC). */
  day: z.string(),
  /** With ?quantity=: the break in force (null: the base price) and the unit price it gives. */
  quantity: z.number().int().nullable(),
  breakInForce: z.object({ minQuantity: z.number().int(), price: z.number() }).nullable(),
  unitPrice: z.number(),
  /** Each list the company holds and what it asks for the part, in words. */
  considered: z.array(z.object({ listName: z.string(), outcome: z.string() })),
  /** Whether the company sees the part at all (restricted, or hidden from it). */
  visible: z.boolean(),
});
export type PriceExplanation = z.infer<typeof PriceExplanationSchema>;

/** The price-list import's report: the products import's shape, one row per part. */
export const PriceListImportRowSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  errors: z.array(z.string()),
});
export type PriceListImportRow = z.infer<typeof PriceListImportRowSchema>;
export const PriceListImportReportSchema = csvImportReportSchema(PriceListImportRowSchema);
export type PriceListImportReport = z.infer<typeof PriceListImportReportSchema>;
export const PriceListImportRefusedSchema = csvImportRefusedSchema(PriceListImportReportSchema);
