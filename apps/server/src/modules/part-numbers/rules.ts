import {
  CustomerPartNumberSchema,
  partKey,
  type PartNumberImportRow,
} from '@forgeline/shared/schemas/part-numbers';
import type { OurPart, PartNumberRow } from './repository.ts';

/** A mapping as given: typed in the form, or one row of a CSV file (its line). */
export interface MappingInput {
  line: number;
  customerPartNumber: string;
  sku: string;
}

export interface PlannedMapping {
  report: PartNumberImportRow;
  /** The part of ours the row names, when it names one. */
  productId?: string | undefined;
  /** What to write; absent when refused or unchanged. */
  write?: { productId: string; partNumber: string };
}

/** What a cell may echo back in a message: enough to find it, never a whole hostile cell. */
const echo = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The rules' context: the company's numbers as stored, and our parts by part number. */
export interface PlanContext {
  existing: readonly PartNumberRow[];
  parts: ReadonlyMap<string, OurPart>;
}

/** The part numbers (upper-case) a plan needs to know: the skus given, and the numbers themselves. */
export const skusToLookUp = (inputs: readonly MappingInput[]): string[] => [
  ...new Set(
    inputs.flatMap((input) => [
      input.sku.trim().toUpperCase(),
      input.customerPartNumber.trim().toUpperCase(),
    ]),
  ),
];

/**
 * What each mapping would do against the company's numbers as they are, with every rule it breaks
 * (docs/decisions/0218): the number itself (required, length, characters), a part of ours named by its
 * part number, one number per part, each number (by its key) naming one part, in the mappings given and
 * against the stored ones whose part they do not renumber, and never a part number of ours for another
 * part (a typed code means our part first). Writes nothing.
 */
export function planMappings(inputs: readonly MappingInput[], context: PlanContext): PlannedMapping[] {
  const byProduct = new Map(context.existing.map((row) => [row.productId, row]));
  const byKey = new Map(context.existing.map((row) => [row.partKey, row]));
  const partOf = (input: MappingInput) => context.parts.get(input.sku.trim().toUpperCase());
  const renumbered = new Set(inputs.flatMap((input) => partOf(input)?.id ?? []));
  const lineOfPart = new Map<string, number>();
  const firstOfKey = new Map<string, { line: number; productId: string | undefined; sku: string }>();

  return inputs.map((input): PlannedMapping => {
    const errors: string[] = [];
    const sku = input.sku.trim().toUpperCase();
    const parsed = CustomerPartNumberSchema.safeParse(input.customerPartNumber);
    const number = parsed.success ? parsed.data : input.customerPartNumber.trim();
    if (!parsed.success) errors.push(parsed.error.issues[0]?.message ?? 'Customer part number is not valid');
    const part = partOf(input);
    if (sku === '') errors.push('Part number is required: it names the part of ours');
    else if (!part) errors.push(`There is no part number '${echo(sku)}' in our catalogue`);
    if (part) {
      const first = lineOfPart.get(part.id);
      if (first !== undefined) errors.push(`Part ${sku} is also on line ${first}: one number per part`);
      else lineOfPart.set(part.id, input.line);
    }
    if (parsed.success) {
      const key = partKey(number);
      const first = firstOfKey.get(key);
      if (first && first.productId !== part?.id) {
        errors.push(
          `Customer part number '${echo(number)}' is also on line ${first.line} for part ${first.sku}: each of your numbers names one part`,
        );
      } else if (!first) firstOfKey.set(key, { line: input.line, productId: part?.id, sku });
      const stored = byKey.get(key);
      if (part && stored && stored.productId !== part.id && !renumbered.has(stored.productId)) {
        errors.push(
          `Customer part number '${echo(number)}' is already your number for part ${stored.sku}: each of your numbers names one part (give ${stored.sku} another number, or remove it, first)`,
        );
      }
      const ours = context.parts.get(number.toUpperCase());
      if (part && ours && ours.id !== part.id) {
        errors.push(
          `Customer part number '${echo(number)}' is our part number of another part (${echo(ours.name)}): a code typed in an order means our part first, so choose another number`,
        );
      }
    }
    const before = part ? byProduct.get(part.id) : undefined;
    const report: PartNumberImportRow = {
      line: input.line,
      customerPartNumber: echo(number),
      sku: echo(sku),
      action: !before ? 'create' : before.customerPartNumber === number ? 'unchanged' : 'update',
      previous: before?.customerPartNumber ?? null,
      errors,
    };
    if (errors.length > 0 || !part || report.action === 'unchanged') return { report, productId: part?.id };
    return { report, productId: part.id, write: { productId: part.id, partNumber: number } };
  });
}
