import { countryName } from '@forgeline/shared/countries';
import {
  basisPointsOfRate,
  rateOfBasisPoints,
  type TaxRateBody,
  type TaxRateDto,
  type TaxRatePatch,
} from '@forgeline/shared/schemas/tax';
import type { TaxRateRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, DomainError, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { createTaxRepository } from './repository.ts';

/**
 * The shop admin's tax rates (decision 0231): percent on the wire, hundredths of a percent inside. Rates
 * of one place (country and region) and category never overlap: the check and the write run under the
 * place's lock, so two admins saving overlapping rates at once cannot both succeed.
 */

export const toTaxRateDto = (row: TaxRateRow): TaxRateDto => ({
  id: row.id,
  country: row.country,
  region: row.region,
  category: row.category,
  rate: rateOfBasisPoints(row.rateBasisPoints),
  name: row.name,
  validFrom: row.validFrom,
  validTo: row.validTo,
});

const placeOf = (rate: { country: string; region: string | null }) =>
  rate.region ? `${rate.country}-${rate.region}` : `${countryName(rate.country)} (${rate.country})`;
const period = (rate: { validFrom: string; validTo: string | null }) =>
  rate.validTo ? `from ${rate.validFrom} to ${rate.validTo}` : `from ${rate.validFrom} on`;

const auditOf = (row: TaxRateRow) => ({ ...toTaxRateDto(row), id: undefined });

type RateValues = Pick<
  TaxRateRow,
  'country' | 'region' | 'category' | 'rateBasisPoints' | 'name' | 'validFrom' | 'validTo'
>;

/** Locks the place, then refuses (409 TAX_RATE_OVERLAP, naming the other rate) a rate that would overlap. */
async function assertNoOverlap(
  repository: ReturnType<typeof createTaxRepository>,
  rate: RateValues,
  exceptId?: string,
) {
  await repository.lockPlace(rate);
  const other = await repository.overlapping({ ...rate, exceptId });
  if (!other) return;
  throw new DomainError(
    'TAX_RATE_OVERLAP',
    `The ${other.category} rate '${other.name}' of ${placeOf(other)} (${rateOfBasisPoints(other.rateBasisPoints)} %) is valid ${period(other)}: a rate of the same place and category cannot be valid on the same days. End that one first, or choose other dates.`,
    undefined,
    { rate: toTaxRateDto(other) },
  );
}

export async function listTaxRates(db: AppDeps['db']): Promise<TaxRateDto[]> {
  return (await createTaxRepository(db).allRates()).map(toTaxRateDto);
}

export async function createTaxRate(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  body: TaxRateBody,
): Promise<TaxRateDto> {
  const values: RateValues = {
    country: body.country,
    region: body.region ?? null,
    category: body.category,
    rateBasisPoints: basisPointsOfRate(body.rate),
    name: body.name,
    validFrom: body.validFrom,
    validTo: body.validTo ?? null,
  };
  const row = await deps.db.transaction(async (tx) => {
    const repository = createTaxRepository(tx);
    await assertNoOverlap(repository, values);
    const row = await repository.insertRate(values);
    await recordAudit(tx, admin, {
      action: 'tax_rate.created',
      subject: { type: 'tax_rate', id: row.id, label: `${row.name} ${placeOf(row)}` },
      after: auditOf(row),
    });
    return row;
  });
  return toTaxRateDto(row);
}

export async function updateTaxRate(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  id: string,
  patch: TaxRatePatch,
): Promise<TaxRateDto> {
  const row = await deps.db.transaction(async (tx) => {
    const repository = createTaxRepository(tx);
    const before = await repository.rate(id);
    if (!before) throw notFound('Tax rate');
    const values: RateValues = {
      country: patch.country ?? before.country,
      region: patch.region !== undefined ? patch.region : patch.country !== undefined ? null : before.region,
      category: patch.category ?? before.category,
      rateBasisPoints: patch.rate !== undefined ? basisPointsOfRate(patch.rate) : before.rateBasisPoints,
      name: patch.name ?? before.name,
      validFrom: patch.validFrom ?? before.validFrom,
      validTo: patch.validTo !== undefined ? patch.validTo : before.validTo,
    };
    if (values.validTo !== null && values.validTo < values.validFrom) {
      const message = `Valid to must be on or after valid from (${values.validFrom})`;
      throw badRequest(message, { validTo: message });
    }
    // The old place too: a rate moved to another place must not slip past a check running there.
    if (
      values.country !== before.country ||
      values.region !== before.region ||
      values.category !== before.category
    )
      await repository.lockPlace(before);
    await assertNoOverlap(repository, values, id);
    const after = await repository.updateRate(id, values);
    if (!after) throw notFound('Tax rate');
    await recordAudit(tx, admin, {
      action: 'tax_rate.edited',
      subject: { type: 'tax_rate', id, label: `${after.name} ${placeOf(after)}` },
      before: auditOf(before),
      after: auditOf(after),
    });
    return after;
  });
  return toTaxRateDto(row);
}

export async function deleteTaxRate(deps: Pick<AppDeps, 'db'>, admin: AuditActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await createTaxRepository(tx).deleteRate(id);
    if (!row) throw notFound('Tax rate');
    await recordAudit(tx, admin, {
      action: 'tax_rate.deleted',
      subject: { type: 'tax_rate', id, label: `${row.name} ${placeOf(row)}` },
      before: auditOf(row),
    });
  });
}
