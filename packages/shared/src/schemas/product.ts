import { z } from 'zod';
import { hasWholeCents, toDollars } from '../money.ts';
import { fromFormField } from '../form-number.ts';
import { LIMITS } from '../constants.ts';
import { messages } from '../messages.ts';
import { PART_PHOTO_PLACEHOLDER } from '../images.ts';
import { MULTI_LINE, notMultiLine, requiredText, singleLineText } from './common.ts';
import { whenMissing } from './plain-issues.ts';
import { LEAD_TIME_DAYS_MAX } from '../backorders.ts';

/** A part named in another's answer (its successor, a related part): enough to link to it. */
export const PartReferenceSchema = z.object({ _id: z.string(), name: z.string(), sku: z.string() });

/** A product as the API shows it; the spec's spelling `availableQuantiity` is the wire name. */
export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  minOrder: z.number().int(),
  availableQuantiity: z.number().int(),
  description: z.string(),
  img: z.string(),
  /** The part number, unique (e.g. 'FL-BRG-6204'). */
  sku: z.string(),
  /** The order multiple: sold in packs of this many (1 = any quantity). */
  packSize: z.number().int().min(1),
  /** The most one order may hold, or null (no limit beyond the stock). */
  maxOrder: z.number().int().nullable(),
  /** At or below this many pieces (or below one minimum order) the product is low on stock. */
  lowStockThreshold: z.number().int().min(0),
  /** Volume prices in dollars: ascending minQuantity, non-increasing price; `price` is the base. */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  /** Which tax rate the part bears (decision 0231): standard, reduced, or none (exempt). */
  taxCategory: z.enum(['standard', 'reduced', 'exempt']),
  /** One piece's weight in grams, for delivery by weight (decision 0235); absent when not weighed. */
  weightGrams: z.number().int().optional(),
  /**
   * For a signed-in buyer whose price list prices this part (decision 0216): `price` and `priceTiers`
   * above are theirs, and these say the list price a visitor pays and the list that set theirs.
   */
  listPrice: z.number().optional(),
  priceList: z.string().optional(),
  /** The buyer's company's own part number for it, when it keeps one. */
  customerPartNumber: z.string().optional(),
  /** Sent only when true: the part is no longer sold, but its page and part number stay (decision 0233). */
  discontinued: z.literal(true).optional(),
  /**
   * May be ordered beyond its stock (decision 0238); the pieces short ship in about `leadTimeDays` days.
   * Optional on the wire for older clients; the server always sends both.
   */
  allowBackorder: z.boolean().optional(),
  leadTimeDays: z.number().int().nullable().optional(),
  /** A discontinued part's successor, when the viewer sees it (only on one product's answer). */
  replacedBy: PartReferenceSchema.optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Numbers arrive from forms as strings: coerce, but an empty field is 'required', not zero. */
const requiredNumber = (requiredMessage: string) =>
  z.preprocess(fromFormField(undefined), z.number({ error: requiredMessage }).finite(requiredMessage));

const wholeNumber = (requiredMessage: string, min: number) =>
  requiredNumber(requiredMessage).pipe(
    z
      .number()
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .max(LIMITS.quantityMax, `Must be at most ${LIMITS.quantityMax}`),
  );

/**
 * Image URLs are ours (/uploads/... or an S3 bucket's https URL), an https URL an admin pasted, or an
 * http URL on localhost / 127.0.0.1: a development bucket (MinIO, s3rver) has no TLS. The placeholder of
 * a part without a photo passes too, so a product can be sent back as GET answered it.
 */
export const ImageUrlSchema = z
  .string({ error: whenMissing(messages.imageRequired) })
  .trim()
  .min(1, messages.imageRequired)
  .max(2048)
  .refine(
    (url) =>
      url === PART_PHOTO_PLACEHOLDER ||
      /^\/uploads\/[A-Za-z0-9._-]+$/.test(url) ||
      /^https:\/\/[^\s"'<>]+$/.test(url) ||
      /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?\/[^\s"'<>]*$/.test(url),
    { message: 'Image must be an uploaded photo or an https URL' },
  );

/** Part numbers: letters, digits and - . / _, stored upper-case so 'fl-brg-6204' finds 'FL-BRG-6204'. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._/-]{0,39}$/;
const SKU_RULE = 'Part number: 1 to 40 letters, digits, dashes, dots or slashes';
/** Sales-order ('SO-100245') and checkout ('CO-100245') numbers, which the database numbers. */
export const DOCUMENT_NUMBER_PATTERN = /^(SO|CO)-\d+$/;
export const SkuSchema = z
  .string({ error: 'Part number is required' })
  .trim()
  .max(100, SKU_RULE)
  .toUpperCase()
  .regex(SKU_PATTERN, SKU_RULE)
  // The shapes of our sales-order and checkout numbers: a part number must never read as one of them.
  .refine((sku) => !DOCUMENT_NUMBER_PATTERN.test(sku), {
    message: "Part number: 'SO-' or 'CO-' followed by digits is how our order numbers look; choose another",
  });

const dollars = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0.01, `${field} must be at least 0.01`)
    .max(toDollars(LIMITS.priceMaxCents), `${field} is too large`)
    .refine(hasWholeCents, `${field} has at most 2 decimals`);

/** The quantity from which a price break applies, in a product's breaks and a price list's alike. */
export const PriceBreakQuantitySchema = z
  .number({ error: 'The quantity of a price break must be a number' })
  .int('The quantity of a price break must be a whole number')
  .min(2, 'The quantity of a price break must be 2 or more')
  .max(LIMITS.quantityMax, `The quantity of a price break must be at most ${LIMITS.quantityMax}`);

export const PriceTierBodySchema = z.object({
  minQuantity: PriceBreakQuantitySchema,
  price: dollars('The price of a price break'),
});

/**
 * The B2B fields of a product (docs/architecture.md §9). All optional in a body, so that the spec's form (which has
 * none of them) keeps working: a new product gets a generated part number, pack size 1, no maximum and
 * no price breaks; an update that omits one keeps what the product had. Cross-field rules (minimum a
 * multiple of the pack size, tiers in order) are pricing.ts's
 * `productRulesProblems`, checked by the server with the stock it writes.
 */
const formInteger = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(LIMITS.quantityMax, `${field} must be at most ${LIMITS.quantityMax}`);
/** From a form a number arrives as a string; an empty field means 'not given'. */
const fromForm = fromFormField(undefined);
/** For a field that may be cleared: an empty field is null. */
const fromClearable = fromFormField(null);

const b2bFields = {
  sku: z.preprocess((value) => (value === '' ? undefined : value), SkuSchema.optional()),
  packSize: z.preprocess(fromForm, formInteger('Pack size').optional()),
  /** null (or an empty field) clears the maximum. */
  maxOrder: z.preprocess(fromClearable, formInteger('Maximum order').nullable().optional()),
  /** Absent: 10 for a new product, unchanged on an edit. */
  lowStockThreshold: z.preprocess(
    fromForm,
    z
      .number({ error: 'Low-stock alert must be a number' })
      .int('Low-stock alert must be a whole number')
      .min(0, 'Low-stock alert must be 0 or more')
      .max(LIMITS.quantityMax, `Low-stock alert must be at most ${LIMITS.quantityMax}`)
      .optional(),
  ),
  priceTiers: z
    .array(PriceTierBodySchema)
    .max(LIMITS.priceTiersMax, `At most ${LIMITS.priceTiersMax} price breaks`)
    .optional(),
  /** Absent: false for a new product, unchanged on an edit (decision 0238). A form's checkbox sends a boolean. */
  allowBackorder: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const word = value.trim().toLowerCase();
      if (word === '') return undefined;
      return ['yes', 'true', 'y'].includes(word) ? true : ['no', 'false', 'n'].includes(word) ? false : value;
    },
    z.boolean({ error: "Back-orders must be 'yes' or 'no'" }).optional(),
  ),
  /** Days to make or buy in a back-ordered piece; null (or an empty field) clears it. */
  leadTimeDays: z.preprocess(
    fromClearable,
    z
      .number({ error: 'Lead time must be a number' })
      .int('Lead time must be a whole number of days')
      .min(1, 'Lead time must be at least 1 day')
      .max(LEAD_TIME_DAYS_MAX, `Lead time must be at most ${LEAD_TIME_DAYS_MAX} days`)
      .nullable()
      .optional(),
  ),
  /** Grams a piece (decision 0235): absent unchanged on an edit, null (or an empty field) not weighed. */
  weightGrams: z.preprocess(
    fromClearable,
    z
      .number({ error: 'Weight must be a number of grams' })
      .int('Weight must be whole grams')
      .min(0, 'Weight cannot be negative: enter the grams of one piece, 0 or more')
      .max(100_000_000, 'Weight must be at most 100,000,000 g (100 t)')
      .nullable()
      .optional(),
  ),
  /** Absent (or empty): standard for a new product, unchanged on an edit (decision 0231). */
  taxCategory: z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .enum(['standard', 'reduced', 'exempt'], {
        error: "Tax category must be 'standard', 'reduced' or 'exempt'",
      })
      .optional(),
  ),
};

export const ProductBodySchema = z
  .object({
    ...b2bFields,
    name: singleLineText('Name', messages.nameRequired, LIMITS.productNameMax),
    price: requiredNumber(messages.priceRequired).pipe(
      z
        .number()
        .positive('Price must be more than 0')
        .min(0.01, 'Price must be at least 0.01')
        .max(toDollars(LIMITS.priceMaxCents), 'Price is too large')
        .refine(hasWholeCents, 'Price has at most 2 decimals'),
    ),
    minOrder: wholeNumber(messages.minOrderRequired, 1),
    availableQuantiity: wholeNumber(messages.availableRequired, 0),
    description: requiredText(messages.descriptionRequired, LIMITS.descriptionMax).regex(
      MULTI_LINE,
      notMultiLine('The description'),
    ),
    // null: the part has no photo yet (the placeholder shows); leaving it out is still 'Image is required'.
    img: ImageUrlSchema.nullable(),
  })
  .strip();
export type ProductBody = z.infer<typeof ProductBodySchema>;

/** Query of GET /products: all optional; bad values are a 400 with a message, never a 500. */
export const ProductListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.searchMax, `search must be at most ${LIMITS.searchMax} characters`)
    .optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(LIMITS.pageMax, `page must be at most ${LIMITS.pageMax}`)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
    .optional(),
  /** Discontinued parts are left out of listings unless asked for (the admin's list asks). */
  discontinued: z.enum(['include']).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/**
 * PUT /product/:id replaces every field of the spec: the same body and messages as adding one. The B2B
 * fields it omits keep their values.
 */
export const ProductUpdateBodySchema = ProductBodySchema;

/** POST /images answers like the image host the spec used (`success`, `data.url`), plus a thumbnail. */
export const ImageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), thumbnailUrl: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

/** A part named in another's page: its replacement, or one of its related parts. */
export const RELATED_KINDS = ['accessory', 'alternative'] as const;
export const RelatedKindSchema = z.enum(RELATED_KINDS);

/** GET /product/:id/related: the parts the admin chose, in their order, as the viewer sees them. */
export const RelatedPartSchema = PartReferenceSchema.extend({
  img: z.string(),
  kind: RelatedKindSchema,
  discontinued: z.boolean(),
});
export type RelatedPart = z.infer<typeof RelatedPartSchema>;

/** The admin's side (GET and PUT /product/:id/lifecycle): discontinued, its replacement and related parts by part number. */
export const ProductLifecycleSchema = z.object({
  discontinued: z.boolean(),
  /** The replacement's part number, or null. */
  replacement: z.string().trim().toUpperCase().max(64).nullable(),
  related: z
    .array(z.object({ sku: z.string().trim().toUpperCase().min(1).max(64), kind: RelatedKindSchema }))
    .max(LIMITS.relatedPartsMax, `At most ${LIMITS.relatedPartsMax} related parts.`),
});
export type ProductLifecycle = z.infer<typeof ProductLifecycleSchema>;
