import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { BoxedPanel } from '@/components/ui/panel-section';
import { taxReportHref } from '../api/tax';

const today = () => new Date().toISOString().slice(0, 10);
const firstOfMonth = () => `${today().slice(0, 8)}01`;

/** The tax report's download: invoices less credit notes of the days chosen, per country, rate and treatment. */
export const TaxReportLink = () => {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const valid = from !== '' && to !== '' && from <= to;
  return (
    <BoxedPanel id="report-title" title="Tax report">
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <FormField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <FormField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        {valid ? (
          <a className="btn btn-outline" href={taxReportHref(from, to)} download>
            Download CSV
          </a>
        ) : (
          <p className="text-sm">Choose a from date on or before the to date.</p>
        )}
      </div>
    </BoxedPanel>
  );
};
