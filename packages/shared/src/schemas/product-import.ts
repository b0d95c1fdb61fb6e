import { z } from 'zod';

/**
 * POST /api/products/import?dryRun=true|false (admins): the body is the CSV file itself (text/csv).
 * A dry run writes nothing; a real run writes every row or, when any row is refused, nothing.
 */
export const ProductImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: "dryRun must be 'true' or 'false'" })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});
export type ProductImportQuery = z.infer<typeof ProductImportQuerySchema>;

/** What one row of the file would do, or does: its line in the file, and every problem it has. */
export const ProductImportRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  /** The part number as written (upper-case), or '' when the cell is empty. */
  sku: z.string(),
  name: z.string(),
  /** create: a new part number; update: an existing product changes; unchanged: it already says this. */
  action: z.enum(['create', 'update', 'unchanged']),
  /** The fields an update changes (their column names), empty for a create or an unchanged row. */
  changes: z.array(z.string()),
  /** Each problem in words, naming its column; an empty list is a row that can be written. */
  errors: z.array(z.string()),
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

/**
 * The report of a CSV import (products, a price list's items, a company's part numbers) around the rows
 * of its kind: the counts by action and refused, and the file's own problems.
 */
export const csvImportReportSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    dryRun: z.boolean(),
    /** True when the rows were written (a real run without a single refused row). */
    written: z.boolean(),
    counts: z.object({
      rows: z.number().int(),
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
    }),
    /** Problems of the file as a whole (a missing column), before any row. */
    fileErrors: z.array(z.string()),
    rows: z.array(row),
  });

/** A refused import (a 400): the message names the first refused row and its rule; the report has all. */
export const csvImportRefusedSchema = <Report extends z.ZodType>(report: Report) =>
  z.object({ message: z.string(), code: z.string(), report });

export const ProductImportReportSchema = csvImportReportSchema(ProductImportRowSchema);
export type ProductImportReport = z.infer<typeof ProductImportReportSchema>;

export const ProductImportRefusedSchema = csvImportRefusedSchema(ProductImportReportSchema);
