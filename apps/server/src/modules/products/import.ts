import { isPlainNumber } from '@forgeline/shared/form-number';
import { ProductBodySchema } from '@forgeline/shared/schemas/product';
import type { ProductImportReport, ProductImportRow } from '@forgeline/shared/schemas/product-import';
import type { NewProductRow, ProductRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import {
  cellCountProblem,
  importedCounts,
  importRefusedError,
  plannedImportReport,
  readPriceBreaksCell,
} from '../../lib/csv.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/index.ts';
import type { AttributeValue } from '@forgeline/shared/catalogue';
import { checkSpecs, readCatalogue, specsOfParts, writeSpecs, type Catalogue } from '../categories/index.ts';
import { headerOf, readAttributesCell, readProductsCsv, type CsvProductRow } from './csv.ts';
import { emitProductChanged } from './low-stock.ts';
import { createProductsRepository } from './repository.ts';
import { backorderProblems } from '@forgeline/shared/backorders';
import { fillBackorders } from '../backorders/index.ts';
import {
  fieldsOfBody,
  isUnchanged,
  mergedFields,
  quantityRuleProblems,
  withAlertRearmed,
  withDefaults,
} from './service.ts';

type CatalogueDeps = Pick<AppDeps, 'db' | 'catalogueCache' | 'config' | 'mailer' | 'log'>;

/** What a cell may echo back in a message: enough to find it, never a whole hostile cell. */
const echo = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

const NUMBER_FIELDS = [
  'price',
  'availableQuantiity',
  'minOrder',
  'packSize',
  'maxOrder',
  'lowStockThreshold',
  'leadTimeDays',
  'weightGrams',
];

/**
 * A row's cells as the body an admin's form would send, and the problems found before the schema: a
 * number written as words, price breaks not written as quantity:price. Empty optional cells mean what
 * an empty form field means: no maximum, no price breaks; pack size and low-stock alert as they were.
 */
function bodyOfCells(cells: CsvProductRow['cells']) {
  const problems: Record<string, string> = {};
  const body: Record<string, unknown> = { ...cells };
  for (const field of NUMBER_FIELDS) {
    const cell = cells[field as keyof typeof cells];
    if (cell && !isPlainNumber(cell)) {
      problems[field] =
        `${headerOf(field)}: '${echo(cell)}' is not a number (write digits, with a dot for cents: 4.20).`;
    }
  }
  if (cells.priceTiers !== undefined) {
    const read = readPriceBreaksCell(cells.priceTiers);
    if ('bad' in read) {
      problems.priceTiers = `Price breaks: '${echo(read.bad)}' is not quantity:price (write them like 100:4.20;500:3.90).`;
    } else {
      body.priceTiers = read.tiers;
    }
  }
  if (cells.sku === '' || cells.sku === undefined) {
    problems.sku = 'Part number is required: rows are matched to products by it.';
  }
  return { body, problems };
}

/** A message from the schema, naming its column unless it already does. */
function columnMessage(field: string, message: string): string {
  const header = headerOf(field);
  return message.toLowerCase().startsWith(header.toLowerCase()) ? message : `${header}: ${message}`;
}

/** A row's category and values as they will be written (docs/decisions/0220). */
type PlannedSpecs = { categoryId: string | null; values: { attributeId: string; value: AttributeValue }[] };

interface PlannedRow {
  report: ProductImportRow;
  /** What to write: a new product, or an existing one's next fields. Absent when refused or unchanged. */
  insert?: NewProductRow;
  update?: { existing: ProductRow; next: ReturnType<typeof mergedFields> };
  /** The part's category and values to write (the file has a Category column and they changed). */
  specs?: PlannedSpecs;
  /** Whether the part is discontinued and its replacement's part number (the file has a Discontinued column and they changed). */
  lifecycle?: PlannedLifecycle;
  /** The existing part whose specs or discontinued state alone change. */
  matchId?: string;
}

type PlannedLifecycle = { discontinued: boolean; replacement: string | null };

const YES = ['yes', 'y', 'true', '1'];
const NO = ['', 'no', 'n', 'false', '0'];

/**
 * A row's Discontinued and Replacement part number cells (docs/decisions/0250): the problems, or the state
 * to write (undefined: the file has no Discontinued column, so the part keeps its own). A replacement must
 * be another part, in the shop or in the file, and only a discontinued part has one.
 */
function lifecycleOfCells(
  cells: CsvProductRow['cells'],
  known: (sku: string) => boolean,
): { problems: string[]; lifecycle?: PlannedLifecycle } {
  const replacement = cells.replacement?.trim().toUpperCase() || null;
  if (cells.discontinued === undefined) {
    return replacement
      ? {
          problems: [
            'Replacement part number: the file needs a Discontinued column, as only a discontinued part has a replacement.',
          ],
        }
      : { problems: [] };
  }
  const said = cells.discontinued.trim().toLowerCase();
  if (!YES.includes(said) && !NO.includes(said)) {
    return { problems: [`Discontinued: '${echo(cells.discontinued)}' is not yes or no.`] };
  }
  const discontinued = YES.includes(said);
  if (replacement === null) return { problems: [], lifecycle: { discontinued, replacement } };
  if (!discontinued) {
    return {
      problems: [
        `Replacement part number: only a discontinued part has one (write yes under Discontinued, or leave ${echo(replacement)} out).`,
      ],
    };
  }
  if (replacement === cells.sku?.trim().toUpperCase()) {
    return { problems: ['Replacement part number: a part cannot replace itself.'] };
  }
  if (!known(replacement)) {
    return {
      problems: [
        `Replacement part number: there is no part number '${echo(replacement)}' in the shop or in this file.`,
      ],
    };
  }
  return { problems: [], lifecycle: { discontinued, replacement } };
}

/**
 * A row's Category and Attributes cells, checked against the tree as the admin's form is: the problems,
 * or the specs to write (undefined: the file has no Category column, so the part keeps its own).
 */
function specsOfCells(
  catalogue: Catalogue,
  cells: CsvProductRow['cells'],
): { problems: string[]; specs?: PlannedSpecs } {
  if (cells.category === undefined) {
    return cells.attributes
      ? { problems: ['Attributes: the file needs a Category column, as values belong to a category.'] }
      : { problems: [] };
  }
  const read = readAttributesCell(cells.attributes ?? '');
  if ('bad' in read) {
    return {
      problems: [`Attributes: '${echo(read.bad)}' is not key=value (write them like bore=20 mm; seal=2RS).`],
    };
  }
  const checked = checkSpecs(catalogue, { category: cells.category.trim() || null, attributes: read.values });
  if (!checked.ok) {
    return {
      problems: Object.entries(checked.problems).map(
        ([field, message]) => `${field === 'category' ? 'Category' : 'Attributes'}: ${message}`,
      ),
    };
  }
  return { problems: [], specs: { categoryId: checked.categoryId, values: checked.values } };
}

/** Whether writing `specs` would change what the part has. */
function specsDiffer(
  specs: PlannedSpecs,
  current: { categoryId: string; values: ReadonlyMap<string, AttributeValue> } | undefined,
): boolean {
  if ((current?.categoryId ?? null) !== specs.categoryId) return true;
  const values = current?.values ?? new Map();
  return (
    values.size !== specs.values.length ||
    specs.values.some(({ attributeId, value }) => values.get(attributeId) !== value)
  );
}

/**
 * What each row would do against the products as they are in `db`, with every problem it has: the
 * same schema and quantity rules as the admin's Add Product and Update (a minimum above the stock, or
 * not a whole number of packs, is refused), matched to a product by part number. Writes nothing.
 */
async function planRows(db: Executor, rows: CsvProductRow[], lock: boolean): Promise<PlannedRow[]> {
  const repository = createProductsRepository(db);
  const inFile = new Set(rows.map((row) => row.cells.sku?.trim().toUpperCase()).filter((sku) => !!sku));
  const replacementSkus = rows
    .map((row) => row.cells.replacement?.trim().toUpperCase())
    .filter((sku) => !!sku);
  const skus = [...new Set([...inFile, ...replacementSkus])] as string[];
  const existing = new Map<string, ProductRow>();
  // A few thousand part numbers at a time keep each statement's parameters well within PostgreSQL's.
  for (let start = 0; start < skus.length; start += 1000) {
    const batch = skus.slice(start, start + 1000);
    const found = lock ? await repository.lockBySkus(batch) : await repository.findBySkus(batch);
    for (const row of found) existing.set(row.sku, row);
  }
  const firstLineOf = new Map<string, number>();
  const catalogue = await readCatalogue(db);
  const currentSpecs = await specsOfParts(
    db,
    [...existing.values()].map((row) => row.id),
  );
  const skuOfId = new Map([...existing.values()].map((row) => [row.id, row.sku]));
  const unknownReplacements = [...existing.values()].flatMap((row) =>
    row.replacementId && !skuOfId.has(row.replacementId) ? [row.replacementId] : [],
  );
  for (const row of await repository.findByIds(unknownReplacements)) skuOfId.set(row.id, row.sku);
  const known = (sku: string) => existing.has(sku) || inFile.has(sku);

  return rows.map((row): PlannedRow => {
    const { body, problems } = bodyOfCells(row.cells);
    const errors: string[] = [];
    const { problems: specProblems, specs } = specsOfCells(catalogue, row.cells);
    errors.push(...specProblems);
    const { problems: lifecycleProblems, lifecycle } = lifecycleOfCells(row.cells, known);
    errors.push(...lifecycleProblems);
    if (row.cellCountMismatch) errors.push(cellCountProblem(row.cellCountMismatch));
    const parsed = ProductBodySchema.safeParse(body);
    const seen = new Set(Object.keys(problems));
    errors.push(...Object.values(problems));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push(columnMessage(field, issue.message));
      }
    }
    const sku = parsed.success ? (parsed.data.sku ?? '') : echo((row.cells.sku ?? '').toUpperCase());
    const name = echo(parsed.success ? parsed.data.name : (row.cells.name ?? ''));
    if (sku) {
      const first = firstLineOf.get(sku);
      if (first === undefined) firstLineOf.set(sku, row.line);
      else errors.push(`Part number ${sku} is also on line ${first}: each part number once per file.`);
    }
    const match = sku ? existing.get(sku) : undefined;
    const report: ProductImportRow = {
      line: row.line,
      sku,
      name,
      action: match ? 'update' : 'create',
      changes: [],
      errors,
    };
    if (!parsed.success || errors.length > 0) return { report };

    const fields = fieldsOfBody(parsed.data);
    if (match) {
      const next = mergedFields(match, fields);
      const newSpecs = specs && specsDiffer(specs, currentSpecs.get(match.id)) ? specs : undefined;
      const current = {
        discontinued: match.discontinued,
        replacement: match.replacementId ? (skuOfId.get(match.replacementId) ?? null) : null,
      };
      const lifecycleChanges = lifecycle
        ? [
            ...(lifecycle.discontinued !== current.discontinued ? [headerOf('discontinued')] : []),
            ...(lifecycle.replacement !== current.replacement ? [headerOf('replacement')] : []),
          ]
        : [];
      const newLifecycle = lifecycleChanges.length > 0 ? lifecycle : undefined;
      const extra = {
        ...(newSpecs && { specs: newSpecs }),
        ...(newLifecycle && { lifecycle: newLifecycle }),
      };
      const specChanges = [...(newSpecs ? ['Category and attributes'] : []), ...lifecycleChanges];
      if (isUnchanged(match, next)) {
        if (!newSpecs && !newLifecycle) return { report: { ...report, action: 'unchanged' } };
        return { report: { ...report, changes: specChanges }, ...extra, matchId: match.id };
      }
      report.changes = [...Object.keys(changedFields(match, next).after).map(columnOfRow), ...specChanges];
      report.errors = Object.entries({ ...quantityRuleProblems(next), ...backorderProblems(next) }).map(
        ([f, m]) => columnMessage(f, m),
      );
      if (report.errors.length > 0) return { report };
      return { report, update: { existing: match, next }, ...extra };
    }
    const product = withDefaults(fields);
    report.errors = Object.entries({ ...quantityRuleProblems(product), ...backorderProblems(product) }).map(
      ([f, m]) => columnMessage(f, m),
    );
    return report.errors.length > 0
      ? { report }
      : {
          report,
          insert: product,
          ...(specs && { specs }),
          ...(lifecycle?.discontinued && { lifecycle }),
        };
  });
}

/** A column of the table from a field of the row ('availableQuantity' → 'Stock'). */
const ROW_FIELD_TO_BODY: Record<string, string> = {
  priceCents: 'price',
  availableQuantity: 'availableQuantiity',
  imageUrl: 'img',
};
const columnOfRow = (field: string) => headerOf(ROW_FIELD_TO_BODY[field] ?? field);

const reportOf = (dryRun: boolean, written: boolean, fileErrors: string[], planned: PlannedRow[]) =>
  plannedImportReport(dryRun, written, fileErrors, planned) satisfies ProductImportReport;

/** Rows a statement inserts at once (12 columns each: far below PostgreSQL's 65,535 parameters). */
const INSERT_BATCH = 500;

/**
 * Imports a products CSV (docs/decisions/0107). A dry run answers what each row would do and every
 * problem, writing nothing. A real run plans again inside one transaction, with the rows it updates
 * locked: any refused row and nothing is written (a 400 with the same report); else every row is
 * written, with one 'product.imported' audit entry, and the cached catalogue pages are cleared.
 */
export async function importProducts(
  deps: CatalogueDeps,
  actor: AuditActor,
  text: string,
  dryRun: boolean,
): Promise<ProductImportReport> {
  const { rows, fileErrors } = readProductsCsv(text);
  if (fileErrors.length > 0) throw importRefusedError(reportOf(dryRun, false, fileErrors, []));
  if (rows.length === 0) {
    throw importRefusedError(
      reportOf(dryRun, false, ['The file has a header row but no products below it.'], []),
    );
  }
  if (dryRun) return reportOf(true, false, [], await planRows(deps.db, rows, false));

  // The buyers whose back-orders this receipt filled are mailed once it commits.
  let filledMails: string[] = [];
  const report = await deps.db.transaction(async (tx) => {
    const planned = await planRows(tx, rows, true);
    const result = reportOf(false, true, [], planned);
    if (result.counts.refused > 0) throw importRefusedError({ ...result, written: false });
    if (result.counts.create + result.counts.update === 0) return result;

    const repository = createProductsRepository(tx);
    const inserts = planned.flatMap((row) => (row.insert ? [row.insert] : []));
    const idOfSku = new Map<string, string>();
    for (let start = 0; start < inserts.length; start += INSERT_BATCH) {
      const added = await repository.insertMany(inserts.slice(start, start + INSERT_BATCH));
      for (const row of added) {
        idOfSku.set(row.sku, row.id);
        await emitProductChanged(tx, row, 'created');
      }
    }
    for (const row of planned) {
      const id = row.update?.existing.id ?? idOfSku.get(row.report.sku) ?? row.matchId;
      if (row.specs && id) await writeSpecs(tx, id, row.specs);
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const received: string[] = [];
    for (const { update } of planned) {
      if (!update) continue;
      await repository.update(update.existing.id, withAlertRearmed(update.existing, update.next));
      await emitProductChanged(tx, { ...update.existing, ...update.next }, 'updated');
      if (update.next.availableQuantity > update.existing.availableQuantity)
        received.push(update.existing.id);
      const change = changedFields(update.existing, update.next);
      before[update.existing.sku] = change.before;
      after[update.existing.sku] = change.after;
    }
    // After every insert: a replacement may be a part the same file adds.
    const lifecycles: Record<string, PlannedLifecycle> = {};
    for (const row of planned) {
      const id = row.update?.existing.id ?? idOfSku.get(row.report.sku) ?? row.matchId;
      if (!row.lifecycle || !id) continue;
      const { discontinued, replacement } = row.lifecycle;
      const replacementId = replacement
        ? (idOfSku.get(replacement) ?? (await repository.findBySkus([replacement]))[0]?.id ?? null)
        : null;
      await repository.update(id, { discontinued, replacementId });
      lifecycles[row.report.sku] = row.lifecycle;
    }
    // Stock above what a part had is a goods receipt: it fills waiting back-orders first (decision 0238).
    filledMails = (await fillBackorders(deps, tx, received)).mailIds;
    const imported = importedCounts(result.counts);
    await recordAudit(tx, actor, {
      action: 'product.imported',
      subject: { type: 'product', id: null, label: `CSV import: ${imported.summary}` },
      before: { updated: before },
      after: {
        counts: imported.counts,
        added: inserts.map((row) => row.sku),
        updated: after,
        discontinued: lifecycles,
      },
    });
    return result;
  });
  if (report.counts.create + report.counts.update > 0) deps.catalogueCache.invalidate();
  deps.mailer.deliverLater(filledMails);
  return report;
}
