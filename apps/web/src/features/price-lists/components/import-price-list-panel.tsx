import { useState } from 'react';
import type { PriceListImportReport, PriceListImportRow } from '@forgeline/shared/schemas/price-list';
import { actionFailed, errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { refusedImportReport, useImportPriceList } from '../api/price-lists';

const ROWS_SHOWN = 200;
const ACTION_WORDS: Record<PriceListImportRow['action'], string> = {
  create: 'Add',
  update: 'Change',
  unchanged: 'Unchanged',
};
const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

const ReportTable = ({ report }: { report: PriceListImportReport }) => {
  const refused = report.rows.filter((row) => row.errors.length > 0);
  const shown = refused.length > 0 ? refused : report.rows.filter((row) => row.action !== 'unchanged');
  if (shown.length === 0) return null;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Rows of the file" tabIndex={0}>
      <table className="table table-sm">
        <caption className="text-left font-semibold">
          {refused.length > 0 ? 'Rows that cannot be imported' : 'Rows that change the list'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Part number</th>
            <th scope="col">Name</th>
            <th scope="col">{refused.length > 0 ? 'Problems' : 'Action'}</th>
          </tr>
        </thead>
        <tbody>
          {shown.slice(0, ROWS_SHOWN).map((row) => (
            <tr key={row.line} data-testid="import-row">
              <th scope="row">{row.line}</th>
              <td className="font-mono">{row.sku || '—'}</td>
              <td>{row.name || '—'}</td>
              <td>
                {row.errors.length > 0 ? (
                  <ul className="list-disc pl-4 text-error">
                    {row.errors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                ) : (
                  ACTION_WORDS[row.action]
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
};

/**
 * A list's 'Import CSV', as Manage Products' (decision 0107): choose a file → the dry run's report (every
 * refused row with its problems) → 'Import N rows' writes them all, or none.
 */
const ImportPriceListPanel = ({ listId, onClose }: { listId: string; onClose: () => void }) => {
  const importMutation = useImportPriceList(listId);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PriceListImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    if (!chosen) return;
    try {
      setReport(await importMutation.mutateAsync({ file: chosen, dryRun: true }));
    } catch (error) {
      setReport(refusedImportReport(error));
      setProblem(errorMessage(error, 'The file could not be checked. Please try again.'));
    }
  };
  const write = async () => {
    if (!file) return;
    try {
      const done = await importMutation.mutateAsync({ file, dryRun: false });
      toast.success(`Parts imported: ${done.counts.create} added, ${done.counts.update} changed`);
      onClose();
    } catch (error) {
      setReport(refusedImportReport(error));
      toast.error(actionFailed('Failed to import the parts', error));
    }
  };
  const count = report ? report.counts.create + report.counts.update : 0;
  const canWrite =
    report !== null && report.counts.refused === 0 && report.fileErrors.length === 0 && count > 0;

  return (
    <section
      aria-labelledby="import-price-list-title"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 id="import-price-list-title" className="text-lg font-semibold">
        Import parts from CSV
      </h3>
      <p className="text-sm">
        The columns of Export CSV: Part number, Name (not read), Price (empty: the list’s percentage applies)
        and Price breaks (10:4.50;50:4.00). Parts of the list the file does not name stay as they are. Nothing
        is written until every row is right.
      </p>
      <label className="flex flex-col gap-1 text-sm">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-bordered max-w-md"
          onChange={(event) => void check(event.target.files?.[0] ?? null)}
          disabled={importMutation.isPending}
        />
      </label>
      <div aria-live="polite">
        {importMutation.isPending ? <p>{report ? 'Importing…' : 'Checking the file…'}</p> : null}
        {problem ? (
          <p role="alert" className="text-error">
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

export default ImportPriceListPanel;
