import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

/** A product as the API shows it; the spec's spelling `availableQuantiity` is the wire name. */
export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  minOrder: z.number().int(),
  availableQuantiity: z.number().int(),
  description: z.string(),
  img: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Numbers arrive from forms as strings: coerce, but an empty field is 'required', not zero. */
const requiredNumber = (requiredMessage: string) =>
  z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
    z.number({ error: requiredMessage }).finite(requiredMessage),
  );

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
 * http URL on localhost / 127.0.0.1: a development bucket (MinIO, s3rver) has no TLS.
 */
export const ImageUrlSchema = z
  .string({ error: messages.imageRequired })
  .trim()
  .min(1, messages.imageRequired)
  .max(2048)
  .refine(
    (url) =>
      /^\/uploads\/[A-Za-z0-9._-]+$/.test(url) ||
      /^https:\/\/[^\s"'<>]+$/.test(url) ||
      /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?\/[^\s"'<>]*$/.test(url),
    { message: 'Image must be an uploaded photo or an https URL' },
  );

export const ProductBodySchema = z
  .object({
    name: requiredText(messages.nameRequired, LIMITS.productNameMax),
    price: requiredNumber(messages.priceRequired).pipe(
      z
        .number()
        .positive('Price must be more than 0')
        .min(0.01, 'Price must be at least 0.01')
        .max(LIMITS.priceMaxCents / 100, 'Price is too large')
        .refine(
          (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
          'Price has at most 2 decimals',
        ),
    ),
    minOrder: wholeNumber(messages.minOrderRequired, 1),
    availableQuantiity: wholeNumber(messages.availableRequired, 0),
    description: requiredText(messages.descriptionRequired, LIMITS.descriptionMax),
    img: ImageUrlSchema,
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
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** PUT /product/:id replaces every field: the same body and messages as adding one. */
export const ProductUpdateBodySchema = ProductBodySchema;

/** POST /images answers like the image host the spec used (`success`, `data.url`), plus a thumbnail. */
export const ImageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), thumbnailUrl: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;
