import { centsFigure } from '@forgeline/shared/money';
import { treatmentLabels, type TaxTreatment } from '@forgeline/shared/tax';
import type { AppDeps } from '../../lib/deps.ts';
import { csvDocument } from '../../lib/csv.ts';
import { createTaxRepository } from './repository.ts';

/**
 * The tax report (decision 0231): invoices less credit notes issued from `from` to `to` (both days
 * included, UTC as every document date), per buyer's country, rate and treatment: net, tax, gross and
 * how many documents. A document without a buyer's country was taxed where the seller is.
 */
export async function taxReportCsv(
  deps: Pick<AppDeps, 'db' | 'config'>,
  range: { from: string; to: string },
): Promise<string> {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(`${range.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  const rows = await createTaxRepository(deps.db).reportRows(from, to);
  const sellerCountry = deps.config.taxSeller?.country ?? '';

  const groups = new Map<
    string,
    {
      country: string;
      rate: number;
      treatment: string;
      net: number;
      tax: number;
      invoices: number;
      credits: number;
    }
  >();
  for (const row of rows) {
    const country = row.country ?? sellerCountry;
    const key = `${country}|${row.rateBasisPoints}|${row.treatment}`;
    const group = groups.get(key) ?? {
      country,
      rate: row.rateBasisPoints,
      treatment: row.treatment,
      net: 0,
      tax: 0,
      invoices: 0,
      credits: 0,
    };
    const sign = row.kind === 'credit_note' ? -1 : 1;
    group.net += sign * row.netCents;
    group.tax += sign * row.taxCents;
    if (row.kind === 'credit_note') group.credits += row.documents;
    else group.invoices += row.documents;
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => a.country.localeCompare(b.country) || a.rate - b.rate || a.treatment.localeCompare(b.treatment),
  );
  const money = (cents: number) => centsFigure(cents);
  return csvDocument(
    ['Country', 'Rate (%)', 'Treatment', 'Net', 'Tax', 'Gross', 'Invoices', 'Credit notes', 'From', 'To'],
    sorted.map((group) => [
      group.country,
      (group.rate / 100).toFixed(2),
      treatmentLabels[group.treatment as TaxTreatment] ?? group.treatment,
      money(group.net),
      money(group.tax),
      money(group.net + group.tax),
      group.invoices,
      group.credits,
      range.from,
      range.to,
    ]),
    { bom: true },
  );
}
