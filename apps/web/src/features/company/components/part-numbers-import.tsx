import { useState } from 'react';
import { LIMITS } from '@forgeline/shared/constants';
import type { PartNumberImportReport } from '@forgeline/shared/schemas/part-numbers';
import { ERROR_TEXT_CLASS } from '@/components/ui/alert';
import { actionFailed, errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { refusedPartNumbersReport, useImportPartNumbers } from '../api/part-numbers';

const ROWS_SHOWN = 200;
const ACTION_WORDS = { create: 'Add', update: 'Change', unchanged: 'Unchanged' } as const;
const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

function ReportTable({ report }: { report: PartNumberImportReport }) {
  const refused = report.rows.filter((row) => row.errors.length > 0);
  const shown = refused.length > 0 ? refused : report.rows.filter((row) => row.action !== 'unchanged');
  if (shown.length === 0) return null;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Rows of the file" tabIndex={0}>
      <table className="table table-sm">
        <caption className="text-left font-semibold">
          {refused.length > 0 ? 'Rows that cannot be imported' : 'Rows that change your part numbers'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Your number</th>
            <th scope="col">Our number</th>
            <th scope="col">{refused.length > 0 ? 'Problems' : 'Action'}</th>
          </tr>
        </thead>
        <tbody>
          {shown.slice(0, ROWS_SHOWN).map((row) => (
            <tr key={row.line} data-testid="import-row">
              <th scope="row">{row.line}</th>
              <td className="font-mono break-words">{row.customerPartNumber || '—'}</td>
              <td className="font-mono break-words">{row.sku || '—'}</td>
              <td>
                {row.errors.length > 0 ? (
                  <ul className={`list-disc pl-4 ${ERROR_TEXT_CLASS}`}>
                    {row.errors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                ) : (
                  `${ACTION_WORDS[row.action]}${row.previous && row.action === 'update' ? ` (was ${row.previous})` : ''}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length > ROWS_SHOWN ? (
        <p className="text-sm">…and {plural(shown.length - ROWS_SHOWN, 'more row')}.</p>
      ) : null}
    </div>
  );
}

/** 'Import CSV' of the part numbers: choose a file → the dry run's report → 'Import N rows', all or none. */
const PartNumbersImport = ({ onClose }: { onClose: () => void }) => {
  const importMutation = useImportPartNumbers();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PartNumberImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    if (!chosen) return;
    try {
      setReport(await importMutation.mutateAsync({ file: chosen, dryRun: true }));
    } catch (error) {
      setReport(refusedPartNumbersReport(error));
      setProblem(errorMessage(error, 'The file could not be checked. Please try again.'));
    }
  };

  const write = async () => {
    if (!file || !report) return;
    try {
      const done = await importMutation.mutateAsync({ file, dryRun: false });
      toast.success(`Part numbers imported: ${done.counts.create} added, ${done.counts.update} changed`);
      onClose();
    } catch (error) {
      setReport(refusedPartNumbersReport(error));
      toast.error(actionFailed('Failed to import the part numbers', error));
    }
  };

  const count = report ? report.counts.create + report.counts.update : 0;
  const canWrite =
    report !== null && report.counts.refused === 0 && report.fileErrors.length === 0 && count > 0;

  return (
    <section
      aria-labelledby="import-part-numbers-title"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h4 id="import-part-numbers-title" className="font-semibold">
        Import part numbers from CSV
      </h4>
      <p className="text-sm">
        Columns &lsquo;Customer part number&rsquo; and &lsquo;Part number&rsquo; (ours), with a header row, as
        Export CSV writes them. Each row sets the number of one of our parts; numbers not in the file stay.
        Nothing is saved until every row is right. At most {LIMITS.partNumberImportBytesMax / 1024 / 1024} MB
        and {LIMITS.partNumberImportRowsMax.toLocaleString('en')} rows.
      </p>
      <label className="flex flex-col gap-1 text-sm">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-bordered w-full max-w-md"
          onChange={(event) => void check(event.target.files?.[0] ?? null)}
          disabled={importMutation.isPending}
        />
      </label>
      <div aria-live="polite">
        {importMutation.isPending ? <p>{report ? 'Importing…' : 'Checking the file…'}</p> : null}
        {problem ? (
          <p role="alert" className={ERROR_TEXT_CLASS}>
            {problem}
          </p>
        ) : null}
        {report && !importMutation.isPending ? (
          <p data-testid="import-summary">
            {plural(report.counts.rows, 'row')}: {report.counts.create} to add, {report.counts.update} to
            change, {report.counts.unchanged} unchanged, {report.counts.refused} refused.
          </p>
        ) : null}
      </div>
      {report ? <ReportTable report={report} /> : null}
      <div className="flex flex-wrap gap-2">
        {canWrite ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void write()}
            disabled={importMutation.isPending}
          >
            Import {plural(count, 'row')}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
};

export default PartNumbersImport;
