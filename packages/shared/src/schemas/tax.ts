import { z } from 'zod';
import { hasWholeCents } from '../money.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { RATED_CATEGORIES, TAX_CATEGORIES } from '../tax.ts';
import { isCalendarDay, singleLineText } from './common.ts';

export const TaxTreatmentSchema = z.enum(['none', 'taxed', 'reverse_charge', 'export', 'exempt']);

/**
 * The tax of a cart, a checkout or a quote as the buyer reads it (docs/decisions/0219): the net total
 * stays `total` beside it. `problem` says why it cannot be worked out (no rate set where one must be):
 * such an order is refused at checkout, never charged a silent zero.
 */
export const TaxSummarySchema = z.object({
  treatment: TaxTreatmentSchema,
  /** Dollars. */
  tax: z.number(),
  /** Net plus tax: what the buyer pays. */
  totalWithTax: z.number(),
  /** The words the treatment requires (reverse charge, export, exemption), or null. */
  note: z.string().nullable(),
  problem: z.string().optional(),
});
export type TaxSummary = z.infer<typeof TaxSummarySchema>;

/* ------------------------------------------------------------------------------------------------ */
/* The shop's side of tax (decision 0231): rates, a company's country, certificates, the report.     */
/* ------------------------------------------------------------------------------------------------ */

const dayText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .refine(isCalendarDay, `${label} must be a date written YYYY-MM-DD (2027-01-31)`);

/** An ISO 3166 country code (upper-cased), one that exists. */
export const CountryCodeSchema = z
  .string({ error: 'Country is required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'Country is required', abort: true })
  .max(2, { error: 'Country must be a two-letter country code (ISO 3166), e.g. DE or US', abort: true })
  .regex(/^[A-Z]{2}$/, {
    error: 'Country must be a two-letter country code (ISO 3166), e.g. DE or US',
    abort: true,
  })
  .refine((code) => COUNTRY_CODES.has(code), 'This is not a country code we know (ISO 3166), e.g. DE or US');

/** A region (a US state, say): 1 to 3 letters or digits, upper-cased; empty or null: none. */
export const RegionCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'Region must be text' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'Region must be 1 to 3 letters or digits, e.g. IL')
    .nullable(),
);

export const TaxCategorySchema = z.enum(TAX_CATEGORIES, {
  error: "Tax category must be 'standard', 'reduced' or 'exempt'",
});
export const RatedCategorySchema = z.enum(RATED_CATEGORIES, {
  error: "Category must be 'standard' or 'reduced'",
});

/** A rate in percent (19, 8.25): 0 to 100, at most two decimals. */
export const RatePercentSchema = z
  .number({ error: 'Rate must be a number of percent, e.g. 19 or 8.25' })
  .finite('Rate must be a number of percent, e.g. 19 or 8.25')
  .min(0, 'Rate must be 0 % or more')
  .max(100, 'Rate must be 100 % or less')
  .refine(hasWholeCents, 'Rate has at most 2 decimals (8.25)');

const rateFields = {
  country: CountryCodeSchema,
  region: RegionCodeSchema.optional(),
  category: RatedCategorySchema,
  rate: RatePercentSchema,
  name: singleLineText('Name', 'Name is required, e.g. VAT or Illinois sales tax', 100),
  validFrom: dayText('Valid from'),
  validTo: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string()
      .trim()
      .refine(isCalendarDay, 'Valid to must be a date written YYYY-MM-DD (2027-01-31)')
      .nullable()
      .optional(),
  ),
};
const datesInOrder = (body: { validFrom?: string; validTo?: string | null | undefined }) =>
  !body.validFrom || !body.validTo || body.validTo >= body.validFrom;
const DATES_ORDER = { message: 'Valid to must be on or after valid from', path: ['validTo'] };

/** POST /tax/rates (shop admin). */
export const TaxRateBodySchema = z.object(rateFields).refine(datesInOrder, DATES_ORDER);
export type TaxRateBody = z.infer<typeof TaxRateBodySchema>;
export type TaxRateBodyInput = z.input<typeof TaxRateBodySchema>;
/** PATCH /tax/rates/:id: any of the fields; the rate as it would be is checked whole. */
export const TaxRatePatchSchema = z.object(rateFields).partial().refine(datesInOrder, DATES_ORDER);
export type TaxRatePatch = z.infer<typeof TaxRatePatchSchema>;

export const TaxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  category: RatedCategorySchema,
  /** Percent (19, 8.25). */
  rate: z.number(),
  name: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type TaxRateDto = z.infer<typeof TaxRateSchema>;

/** 30 → 3000 hundredths of a percent, and back. */
export const basisPointsOfRate = (percent: number) => Math.round(percent * 100);
export const rateOfBasisPoints = (basisPoints: number) => basisPoints / 100;

/** A company's tax status as its pages show it. */
export const CompanyTaxStatusSchema = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  taxId: z.string().nullable(),
  /** ISO time the shop verified the VAT ID, or null: not verified (VAT is charged). */
  taxIdVerifiedAt: z.string().nullable(),
  taxIdVerifiedBy: z.string().nullable(),
});
export type CompanyTaxStatusDto = z.infer<typeof CompanyTaxStatusSchema>;

export const TAX_EXEMPTION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** An exemption certificate (the file is downloaded on its own). */
export const TaxExemptionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  certificateNumber: z.string(),
  region: z.string().nullable(),
  expiresOn: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  status: z.enum(TAX_EXEMPTION_STATUSES),
  reason: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TaxExemption = z.infer<typeof TaxExemptionSchema>;

/** The text fields of POST /company/taxExemptions (multipart, beside the file `file`). */
export const TaxExemptionFieldsSchema = z.object({
  certificateNumber: singleLineText('Certificate number', 'Certificate number is required', 60),
  region: RegionCodeSchema.optional(),
  expiresOn: dayText('Expiry date'),
});
export type TaxExemptionFields = z.infer<typeof TaxExemptionFieldsSchema>;

export const TaxExemptionRejectBodySchema = z.object({
  reason: singleLineText('The reason', 'Please say why the certificate is rejected', 500),
});

export const TaxExemptionListQuerySchema = z.object({
  status: z.enum(['pending', 'all']).optional().default('pending'),
  companyId: z.uuid('companyId must be a company id').optional(),
});

/** GET /tax/report.csv?from=&to= (both days included). */
export const TaxReportQuerySchema = z
  .object({ from: dayText('From'), to: dayText('To') })
  .refine((query) => query.from <= query.to, { message: 'From must be on or before to', path: ['to'] });
