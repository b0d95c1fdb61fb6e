import { useState } from 'react';
import { toast } from '@/lib/toast';
import { LIMITS } from '@forgeline/shared/constants';
import { type ProductImportReport, type ProductImportRow } from '@forgeline/shared/schemas/product-import';
import { actionFailed, errorMessage } from '@/lib/error-message';
import { refusedReport, useImportProducts } from '../api/import-products';

/** Rows the table shows at most: the counts above it say how many there are in all. */
const ROWS_SHOWN = 200;

const ACTION_WORDS: Record<ProductImportRow['action'], string> = {
  create: 'Add',
  update: 'Update',
  unchanged: 'Unchanged',
};

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

/** 'Import N rows': the rows that add or change a product (unchanged ones are left as they are). */
const rowsToWrite = (report: ProductImportReport) => report.counts.create + report.counts.update;

function ReportTable({ report }: { report: ProductImportReport }) {
  const refused = report.rows.filter((row) => row.errors.length > 0);
  // Every refused row, else what would change; unchanged rows only make the table longer.
  const shown = refused.length > 0 ? refused : report.rows.filter((row) => row.action !== 'unchanged');
  if (shown.length === 0) return null;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Rows of the file" tabIndex={0}>
      <table className="table table-sm">
        <caption className="text-left font-semibold">
          {refused.length > 0 ? 'Rows that cannot be imported' : 'Rows that change the catalogue'}
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
                  `${ACTION_WORDS[row.action]}${row.changes.length > 0 ? `: ${row.changes.join(', ')}` : ''}`
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

/**
 * Manage Products' 'Import CSV' (decision 0107), loaded only when opened: choose a file → the dry run's
 * report (every refused row with its problems) → 'Import N rows' writes them all, or none.
 */
const ImportProductsPanel = ({ onClose }: { onClose: () => void }) => {
  const importMutation = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    if (!chosen) return;
    try {
      setReport(await importMutation.mutateAsync({ file: chosen, dryRun: true }));
    } catch (error) {
      const refused = refusedReport(error);
      if (refused) setReport(refused);
      setProblem(errorMessage(error, 'The file could not be checked. Please try again.'));
    }
  };

  const write = async () => {
    if (!file || !report) return;
    try {
      const done = await importMutation.mutateAsync({ file, dryRun: false });
      toast.success(
        `Products imported: ${done.counts.create.toLocaleString('en')} added, ${done.counts.update.toLocaleString('en')} updated`,
      );
      onClose();
    } catch (error) {
      const refused = refusedReport(error);
      if (refused) setReport(refused);
      toast.error(actionFailed('Failed to import the products', error));
    }
  };

  const count = report ? rowsToWrite(report) : 0;
  const canWrite =
    report !== null && report.counts.refused === 0 && report.fileErrors.length === 0 && count > 0;

  return (
    <section
      aria-labelledby="import-products-title"
      className="mb-6 flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h3 id="import-products-title" className="text-lg font-semibold">
        Import products from CSV
      </h3>
      <p className="text-sm">
        The columns of Export CSV, with its header row. A row whose part number exists updates that product;
        any other adds one. Nothing is written until every row is right. At most{' '}
        {LIMITS.productImportBytesMax / 1024 / 1024} MB and {LIMITS.productImportRowsMax.toLocaleString('en')}{' '}
        rows.
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
            {plural(report.counts.rows, 'row')}: {report.counts.create.toLocaleString('en')} to add,{' '}
            {report.counts.update.toLocaleString('en')} to update,{' '}
            {report.counts.unchanged.toLocaleString('en')} unchanged,{' '}
            {report.counts.refused.toLocaleString('en')} refused.
            {report.counts.refused === 0 && report.fileErrors.length === 0 && count === 0
              ? ' Nothing to change: every row already matches the catalogue.'
              : null}
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

export default ImportProductsPanel;
