import { LIMITS } from '@forgeline/shared/constants';
import {
  partKey,
  type PartNumber,
  type PartNumberBody,
  type PartNumberImportReport,
} from '@forgeline/shared/schemas/part-numbers';
import type { Executor } from '../../db/client.ts';
import { csvDocument, plannedImportReport, readCsvTable, type CsvColumn } from '../../lib/csv.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { DomainError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findMembership, rightsOf, type Membership } from '../membership/index.ts';
import { companyView } from '../pricing/index.ts';
import { createPartNumbersRepository, type OurPart, type PartNumberRow } from './repository.ts';
import { planMappings, skusToLookUp, type MappingInput, type PlannedMapping } from './rules.ts';

/**
 * A company's own part numbers (docs/decisions/0218): every member reads them, a company admin changes
 * them, one at a time or by a CSV file; each change is audited in its own transaction.
 */

type Deps = Pick<AppDeps, 'db'>;

const toPartNumber = (row: PartNumberRow): PartNumber => ({
  customerPartNumber: row.customerPartNumber,
  sku: row.sku,
  productId: row.productId,
  productName: row.productName,
});

/** The person's membership, or 404: someone without a company has no company pages. */
async function memberOf(db: Executor, userId: string): Promise<Membership> {
  const member = await findMembership(db, userId);
  if (!member) throw notFound('Company');
  return member;
}

function requireManage(member: Membership): void {
  if (!rightsOf(member).manage)
    throw forbidden('Only a company admin can change the company’s part numbers.');
}

export async function listPartNumbers(deps: Deps, userId: string): Promise<PartNumber[]> {
  const member = await memberOf(deps.db, userId);
  // A part hidden from the company (decision 0216) is not listed, though its number stays.
  const view = await companyView(deps.db, member.companyId);
  const rows = await createPartNumbersRepository(deps.db).list(member.companyId);
  return rows.filter((row) => view.sees({ id: row.productId, restricted: row.restricted })).map(toPartNumber);
}

/**
 * Our parts named by these part numbers (upper-case) that the company sees, by part number: a part hidden
 * from it (decision 0216) is no part of ours for it.
 */
async function ourParts(
  db: Executor,
  companyId: string,
  skus: readonly string[],
): Promise<Map<string, OurPart>> {
  const repository = createPartNumbersRepository(db);
  const view = await companyView(db, companyId);
  const found = new Map<string, OurPart>();
  // A thousand at a time keeps each statement's parameters well within PostgreSQL's.
  for (let start = 0; start < skus.length; start += 1000) {
    for (const part of await repository.ourParts(skus.slice(start, start + 1000))) {
      if (view.sees(part)) found.set(part.sku, part);
    }
  }
  return found;
}

async function plan(db: Executor, companyId: string, inputs: readonly MappingInput[]) {
  const existing = await createPartNumbersRepository(db).list(companyId);
  return planMappings(inputs, { existing, parts: await ourParts(db, companyId, skusToLookUp(inputs)) });
}

/** PUT: the company's number for one of our parts, replacing the part's old number. */
export async function setPartNumber(
  deps: Deps,
  actor: AuditActor & { id: string },
  body: PartNumberBody,
): Promise<PartNumber> {
  const member = await memberOf(deps.db, actor.id);
  requireManage(member);
  return deps.db.transaction(async (tx) => {
    const repository = createPartNumbersRepository(tx);
    await repository.lockCompany(member.companyId);
    const [planned] = await plan(tx, member.companyId, [{ line: 1, ...body }]);
    const problem = planned?.report.errors[0];
    if (!planned || problem !== undefined) {
      const field = problem?.startsWith('Customer part number') ? 'customerPartNumber' : 'sku';
      throw badRequest(`${problem ?? 'The mapping is not valid'}.`, { [field]: problem ?? '' });
    }
    if (planned.write) {
      await repository.set(member.companyId, planned.write.productId, planned.write.partNumber);
      await recordAudit(tx, actor, {
        action: 'part_number.set',
        subject: { type: 'company', id: member.companyId, label: `${member.company.name}: ${body.sku}` },
        before: { sku: planned.report.sku, customerPartNumber: planned.report.previous },
        after: { sku: planned.report.sku, customerPartNumber: planned.write.partNumber },
      });
    }
    const [row] = await repository.byProducts(member.companyId, [planned.productId ?? '']);
    if (!row) throw notFound('Part number');
    return toPartNumber(row);
  });
}

export async function removePartNumber(
  deps: Deps,
  actor: AuditActor & { id: string },
  productId: string,
): Promise<void> {
  const member = await memberOf(deps.db, actor.id);
  requireManage(member);
  await deps.db.transaction(async (tx) => {
    const repository = createPartNumbersRepository(tx);
    await repository.lockCompany(member.companyId);
    const removed = await repository.remove(member.companyId, productId);
    if (!removed) throw notFound('Part number');
    await recordAudit(tx, actor, {
      action: 'part_number.removed',
      subject: { type: 'company', id: member.companyId, label: `${member.company.name}: ${removed.sku}` },
      before: { sku: removed.sku, customerPartNumber: removed.customerPartNumber },
    });
  });
}

/** The columns of the part-numbers CSV, export and import alike; the name is for people and not read. */
type PartNumberColumn = 'customerPartNumber' | 'sku' | 'name';
export const PART_NUMBER_COLUMNS: readonly CsvColumn<PartNumberColumn>[] = [
  { field: 'customerPartNumber', header: 'Customer part number', required: true },
  { field: 'sku', header: 'Part number', required: true },
  { field: 'name', header: 'Name', required: false },
];
/** Other names a header may have ('Part No.' reads 'partno'). */
const PART_NUMBER_ALIASES: Record<PartNumberColumn, string[]> = {
  customerPartNumber: ['customerpartnumber', 'customerpartno', 'yourpartnumber', 'customernumber', 'cpn'],
  sku: ['sku', 'partnumber', 'partno', 'part'],
  name: ['name', 'productname'],
};

/** The company's numbers as a CSV file (with a BOM so that a spreadsheet reads it as UTF-8). */
export async function exportPartNumbers(deps: Deps, userId: string): Promise<string> {
  const rows = await listPartNumbers(deps, userId);
  return csvDocument(
    PART_NUMBER_COLUMNS.map((column) => column.header),
    rows.map((row) => [row.customerPartNumber, row.sku, row.productName]),
    { bom: true },
  );
}

export const partNumbersImportTooLarge = () =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: at most ${LIMITS.partNumberImportBytesMax / 1024 / 1024} MB and ${LIMITS.partNumberImportRowsMax.toLocaleString('en')} part numbers at a time. Split it into several files.`,
  );

const reportOf = (dryRun: boolean, written: boolean, fileErrors: string[], planned: PlannedMapping[]) =>
  plannedImportReport(dryRun, written, fileErrors, planned) satisfies PartNumberImportReport;

/** A 400 whose message names the first refused row and its rule; the report carries every row. */
function refusedError(report: PartNumberImportReport) {
  const first = report.rows.find((row) => row.errors.length > 0);
  const more = report.counts.refused > 1 ? ` (${report.counts.refused} rows refused in all)` : '';
  const message =
    report.fileErrors[0] ??
    `Line ${first?.line}: ${first?.errors[0]}${more}. Nothing was saved: correct the file and import it again.`;
  return new DomainError('VALIDATION_FAILED', message, undefined, { report });
}

/**
 * Imports a company's part numbers from CSV (docs/decisions/0218): each row sets the number of one of
 * our parts (create or replace); numbers not in the file stay. A dry run reports what each row would do
 * and every problem; a real run plans again in one transaction with the company's numbers locked and
 * writes every row, or none (a 400 naming the first refused row, with the whole report).
 */
export async function importPartNumbers(
  deps: Deps,
  actor: AuditActor & { id: string },
  text: string,
  dryRun: boolean,
): Promise<PartNumberImportReport> {
  const member = await memberOf(deps.db, actor.id);
  requireManage(member);
  const { rows, fileErrors } = readCsvTable(text, {
    columns: PART_NUMBER_COLUMNS,
    aliases: PART_NUMBER_ALIASES,
    rowsMax: LIMITS.partNumberImportRowsMax,
    tooLarge: partNumbersImportTooLarge,
    rowNoun: 'part number',
  });
  if (fileErrors.length > 0) throw refusedError(reportOf(dryRun, false, fileErrors, []));
  if (rows.length === 0) {
    throw refusedError(
      reportOf(dryRun, false, ['The file has a header row but no part numbers below it.'], []),
    );
  }
  const inputs = rows.map((row) => ({
    line: row.line,
    customerPartNumber: row.cells.customerPartNumber ?? '',
    sku: row.cells.sku ?? '',
  }));
  if (dryRun) return reportOf(true, false, [], await plan(deps.db, member.companyId, inputs));

  return deps.db.transaction(async (tx) => {
    const repository = createPartNumbersRepository(tx);
    await repository.lockCompany(member.companyId);
    const planned = await plan(tx, member.companyId, inputs);
    const report = reportOf(false, true, [], planned);
    if (report.counts.refused > 0) throw refusedError({ ...report, written: false });
    const writes = planned.flatMap((row) => (row.write ? [row.write] : []));
    if (writes.length === 0) return report;
    await repository.replaceMany(member.companyId, writes);
    const changed = planned.filter((row) => row.write).map((row) => row.report);
    await recordAudit(tx, actor, {
      action: 'part_number.imported',
      subject: {
        type: 'company',
        id: member.companyId,
        label: `${member.company.name}: CSV import, ${report.counts.create} added, ${report.counts.update} changed`,
      },
      before: Object.fromEntries(changed.map((row) => [row.sku, row.previous])),
      after: Object.fromEntries(changed.map((row) => [row.sku, row.customerPartNumber])),
    });
    return report;
  });
}

/**
 * For other modules (quick order, the cart): of the codes a buyer typed, those that are not our part
 * numbers but are their company's own (compared by key: upper-case letters and digits), each with the
 * part of ours it names. Ours wins when a code is both. Keyed by the code as given.
 */
export async function resolveCustomerPartNumbers(
  db: Executor,
  companyId: string,
  codes: readonly string[],
): Promise<Map<string, { productId: string; sku: string }>> {
  const distinct = [...new Set(codes.map((code) => code.trim()).filter((code) => code !== ''))];
  if (distinct.length === 0) return new Map();
  const repository = createPartNumbersRepository(db);
  // Ours are the parts the company sees: a part hidden from it does not shadow its own number.
  const view = await companyView(db, companyId);
  const ours = new Set(
    (await repository.ourParts(distinct.map((c) => c.toUpperCase())))
      .filter((part) => view.sees(part))
      .map((part) => part.sku),
  );
  const theirs = distinct.filter((code) => !ours.has(code.toUpperCase()) && partKey(code) !== '');
  const byKey = new Map(
    (await repository.byKeys(companyId, [...new Set(theirs.map(partKey))])).map((row) => [row.partKey, row]),
  );
  const resolved = new Map<string, { productId: string; sku: string }>();
  for (const code of codes) {
    if (ours.has(code.trim().toUpperCase())) continue;
    const row = byKey.get(partKey(code));
    if (row) resolved.set(code, { productId: row.productId, sku: row.sku });
  }
  return resolved;
}

/** The same for a buyer: nothing when they belong to no company. */
export async function resolveBuyerPartNumbers(
  db: Executor,
  userId: string,
  codes: readonly string[],
): Promise<Map<string, { productId: string; sku: string }>> {
  const member = await findMembership(db, userId);
  return member ? resolveCustomerPartNumbers(db, member.companyId, codes) : new Map();
}

/** A company's numbers for these parts of ours, by product id (parts without one are absent). */
export async function customerPartNumbersOf(
  db: Executor,
  companyId: string,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await createPartNumbersRepository(db).byProducts(companyId, [...new Set(productIds)]);
  return new Map(rows.map((row) => [row.productId, row.customerPartNumber]));
}
