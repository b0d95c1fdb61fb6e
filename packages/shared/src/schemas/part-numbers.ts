import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { csvImportRefusedSchema, csvImportReportSchema, ProductImportQuerySchema } from './product-import.ts';

/**
 * A company's own part numbers (docs/decisions/0218): their ERP knows our parts by their numbers. A number
 * is compared by its key, upper-case letters and digits only ('ab-100 ' and 'AB100' are one number), as
 * the database's generated `part_key` column computes it.
 */
export const partKey = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Printable ASCII only: what ERPs write, and what the key above and the database's agree on. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export const partNumberMessages = {
  required: 'Customer part number is required',
  tooLong: `Customer part number: at most ${LIMITS.customerPartNumberMax} characters`,
  characters: 'Customer part number: letters, digits, spaces and ASCII punctuation only',
  noLetterOrDigit: 'Customer part number: it needs at least one letter or digit',
  skuRequired: 'Part number is required',
} as const;

export const CustomerPartNumberSchema = z
  .string({ error: partNumberMessages.required })
  .trim()
  .min(1, { error: partNumberMessages.required, abort: true })
  .max(LIMITS.customerPartNumberMax, { error: partNumberMessages.tooLong, abort: true })
  .regex(PRINTABLE_ASCII, { error: partNumberMessages.characters, abort: true })
  .refine((text) => partKey(text) !== '', { error: partNumberMessages.noLetterOrDigit });

/** One mapping as the company's pages show it. */
export const PartNumberSchema = z.object({
  customerPartNumber: z.string(),
  sku: z.string(),
  productId: z.string(),
  productName: z.string(),
});
export type PartNumber = z.infer<typeof PartNumberSchema>;

/** PUT /api/company/partNumbers: the company's number for one of our parts (replaces the part's old one). */
export const PartNumberBodySchema = z.object({
  customerPartNumber: CustomerPartNumberSchema,
  sku: z
    .string({ error: partNumberMessages.skuRequired })
    .trim()
    .min(1, { error: partNumberMessages.skuRequired, abort: true })
    .max(100, 'Part number: at most 100 characters')
    .toUpperCase(),
});
export type PartNumberBody = z.infer<typeof PartNumberBodySchema>;

/** POST /api/company/partNumbers/import?dryRun=true|false: the body is the CSV file (text/csv). */
export const PartNumberImportQuerySchema = ProductImportQuerySchema;

/** What one row of an import would do, or does. */
export const PartNumberImportRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  customerPartNumber: z.string(),
  sku: z.string(),
  /** create: a part gets its first number; update: it had another (`previous`); unchanged: already so. */
  action: z.enum(['create', 'update', 'unchanged']),
  previous: z.string().nullable(),
  errors: z.array(z.string()),
});
export type PartNumberImportRow = z.infer<typeof PartNumberImportRowSchema>;

export const PartNumberImportReportSchema = csvImportReportSchema(PartNumberImportRowSchema);
export type PartNumberImportReport = z.infer<typeof PartNumberImportReportSchema>;

/** A refused import (a 400): the message names the first refused row and its rule; the report has all. */
export const PartNumberImportRefusedSchema = csvImportRefusedSchema(PartNumberImportReportSchema);
