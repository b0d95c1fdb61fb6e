import { isPlainNumber } from '@forgeline/shared/form-number';
import type { Readable } from 'node:stream';
import { LIMITS } from '@forgeline/shared/constants';
import { toCents, centsFigure } from '@forgeline/shared/money';
import type { PriceTier } from '@forgeline/shared/pricing';
import {
  PriceTierSchema,
  listPrice,
  type PriceListImportReport,
  type PriceListImportRow,
} from '@forgeline/shared/schemas/price-list';
import type { Executor } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import {
  csvStream,
  encodePriceBreaks,
  cellCountProblem,
  importedCounts,
  importRefusedError,
  plannedImportReport,
  readCsvTable,
  readPriceBreaksCell,
  type CsvTableRow,
} from '../../lib/csv.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { recordAudit, sameValue, type AuditActor } from '../audit/index.ts';
import { findProductsBySkus } from '../products/index.ts';
import { createPriceListsRepository, type ItemWithProduct } from './repository.ts';
import { itemProblem, lockList, write, type PriceListDeps } from './service.ts';

/**
 * A price list's items as CSV (decision 0217), export and import alike: part number, name (for the
 * reader; an import ignores it), price (empty: the list's percentage rule prices the part) and breaks
 * ('10:4.50;50:4.00'). The import follows the products import: a dry run writes nothing; a real run
 * writes every row in one transaction or, when any row is refused, nothing.
 */
const COLUMNS = [
  { field: 'sku', header: 'Part number', required: true },
  { field: 'name', header: 'Name', required: false },
  { field: 'price', header: 'Price', required: true },
  { field: 'tiers', header: 'Price breaks', required: false },
] as const;
type Column = (typeof COLUMNS)[number]['field'];
const ALIASES: Record<Column, string[]> = {
  sku: ['sku', 'partno', 'partnumber', 'part'],
  name: ['name', 'productname'],
  price: ['price', 'unitprice', 'listprice', 'contractprice'],
  tiers: ['pricebreaks', 'breaks', 'tiers', 'pricetiers'],
};

export function priceListCsvStream(items: readonly ItemWithProduct[]): Readable {
  async function* records() {
    for (const item of items) {
      yield [
        item.sku,
        item.name,
        item.priceCents === null ? '' : centsFigure(item.priceCents),
        encodePriceBreaks(item.tiers),
      ];
    }
  }
  return csvStream(
    COLUMNS.map((column) => column.header),
    records(),
    { bom: true },
  );
}

export const priceListImportTooLarge = () =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: at most ${LIMITS.productImportBytesMax / 1024 / 1024} MB and ${LIMITS.productImportRowsMax.toLocaleString('en')} parts at a time. Split it into several files.`,
  );

const echo = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

interface PlannedRow {
  report: PriceListImportRow;
  write?: { product: ProductRow; priceCents: number | null; tiers: PriceTier[] };
}

/** What each row would do to the list as it is in `db`, with every problem it has. Writes nothing. */
async function planRows(db: Executor, listId: string, rows: CsvTableRow<Column>[]): Promise<PlannedRow[]> {
  const skus = [
    ...new Set(rows.map((row) => row.cells.sku?.trim().toUpperCase()).filter(Boolean)),
  ] as string[];
  const bySku = new Map<string, ProductRow>();
  for (let start = 0; start < skus.length; start += 1000) {
    for (const row of await findProductsBySkus(db, skus.slice(start, start + 1000))) bySku.set(row.sku, row);
  }
  const current = new Map(
    (await createPriceListsRepository(db).items(listId)).map((item) => [item.productId, item]),
  );
  const firstLineOf = new Map<string, number>();

  return rows.map((row): PlannedRow => {
    const errors: string[] = [];
    const sku = (row.cells.sku ?? '').trim().toUpperCase();
    if (row.cellCountMismatch) errors.push(cellCountProblem(row.cellCountMismatch));
    const product = sku ? bySku.get(sku) : undefined;
    if (!sku) errors.push('Part number is required: rows are matched to parts by it.');
    else if (!product) errors.push(`Part number: there is no part '${echo(sku)}' in the catalogue.`);
    if (sku) {
      const first = firstLineOf.get(sku);
      if (first === undefined) firstLineOf.set(sku, row.line);
      else errors.push(`Part number ${echo(sku)} is also on line ${first}: each part number once per file.`);
    }

    const priceCell = (row.cells.price ?? '').trim();
    let priceCents: number | null = null;
    if (priceCell !== '') {
      const parsed = isPlainNumber(priceCell) ? listPrice('Price').safeParse(Number(priceCell)) : null;
      if (!parsed)
        errors.push(
          `Price: '${echo(priceCell)}' is not a number (write digits, with a dot for cents: 4.20).`,
        );
      else if (!parsed.success) errors.push(parsed.error.issues[0]?.message ?? 'Price is not valid.');
      else priceCents = toCents(parsed.data);
    }
    let tiers: PriceTier[] = [];
    const read = readPriceBreaksCell(row.cells.tiers ?? '');
    if ('bad' in read) {
      errors.push(
        `Price breaks: '${echo(read.bad)}' is not quantity:price (write them like 10:4.50;50:4.00).`,
      );
    } else {
      for (const tier of read.tiers) {
        const parsed = PriceTierSchema.safeParse(tier);
        if (!parsed.success) errors.push(`Price breaks: ${parsed.error.issues[0]?.message ?? 'not valid'}.`);
      }
      tiers = read.tiers.map((tier) => ({ minQuantity: tier.minQuantity, priceCents: toCents(tier.price) }));
    }
    if (errors.length === 0) {
      const problem = itemProblem(priceCents, tiers);
      if (problem) errors.push(`Price breaks: ${problem}`);
    }

    const existing = product ? current.get(product.id) : undefined;
    const unchanged =
      existing !== undefined && existing.priceCents === priceCents && sameValue(existing.tiers, tiers);
    const report: PriceListImportRow = {
      line: row.line,
      sku: echo(sku),
      name: echo(product?.name ?? row.cells.name ?? ''),
      action: !existing ? 'create' : unchanged ? 'unchanged' : 'update',
      errors,
    };
    if (errors.length > 0 || !product || unchanged) return { report };
    return { report, write: { product, priceCents, tiers } };
  });
}

const reportOf = (dryRun: boolean, written: boolean, fileErrors: string[], planned: PlannedRow[]) =>
  plannedImportReport(dryRun, written, fileErrors, planned) satisfies PriceListImportReport;

/** Imports a price list's items from a CSV; the list's other items are kept. */
export async function importPriceListItems(
  deps: PriceListDeps,
  actor: AuditActor,
  listId: string,
  text: string,
  dryRun: boolean,
): Promise<PriceListImportReport> {
  const { rows, fileErrors } = readCsvTable(text, {
    columns: COLUMNS,
    aliases: ALIASES,
    rowsMax: LIMITS.productImportRowsMax,
    tooLarge: priceListImportTooLarge,
    rowNoun: 'part',
  });
  // 404 for an unknown list before anything about the file.
  if (!(await createPriceListsRepository(deps.db).find(listId))) throw notFound('Price list');
  if (fileErrors.length > 0) throw importRefusedError(reportOf(dryRun, false, fileErrors, []));
  if (rows.length === 0) {
    throw importRefusedError(
      reportOf(dryRun, false, ['The file has a header row but no parts below it.'], []),
    );
  }
  if (dryRun) return reportOf(true, false, [], await planRows(deps.db, listId, rows));

  return write(deps, async (tx) => {
    const list = await lockList(tx, listId);
    const planned = await planRows(tx, listId, rows);
    const result = reportOf(false, true, [], planned);
    if (result.counts.refused > 0) throw importRefusedError({ ...result, written: false });
    const repository = createPriceListsRepository(tx);
    const written: Record<string, unknown> = {};
    for (const row of planned) {
      if (!row.write) continue;
      const { product, priceCents, tiers } = row.write;
      await repository.upsertItem({ priceListId: listId, productId: product.id, priceCents, tiers });
      written[product.sku] = { priceCents, tiers };
    }
    if (result.counts.create + result.counts.update > 0) {
      await repository.touch(listId);
      const imported = importedCounts(result.counts);
      await recordAudit(tx, actor, {
        action: 'price_list.imported',
        subject: { type: 'price_list', id: listId, label: `${list.name}: CSV import, ${imported.summary}` },
        after: { counts: imported.counts, items: written },
      });
    }
    return result;
  });
}
