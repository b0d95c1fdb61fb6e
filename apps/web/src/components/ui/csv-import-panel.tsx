import { useId, useState, type ReactNode } from 'react';
import { ERROR_TEXT_CLASS } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { actionFailed, errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';

/** What every CSV import of the server answers (products, a price list, a company's part numbers). */
export interface CsvImportRow {
  line: number;
  action: 'create' | 'update' | 'unchanged';
  errors: string[];
}
export interface CsvImportReport<Row extends CsvImportRow> {
  counts: { rows: number; create: number; update: number; unchanged: number; refused: number };
  fileErrors: string[];
  rows: Row[];
}

/** The report a refused import (400) carries: the rows that were refused, and why. */
const refusedReport = <Row extends CsvImportRow>(error: unknown): CsvImportReport<Row> | null => {
  const report = error instanceof ApiError ? error.body?.report : undefined;
  return report && typeof report === 'object' ? (report as CsvImportReport<Row>) : null;
};

/** A column of the report's table beside its Line column: a heading and the cell of a row. */
export interface CsvImportColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** Rows the table shows at most: the counts above it say how many there are in all. */
const ROWS_SHOWN = 200;

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;
const count = (value: number) => value.toLocaleString('en');

function ReportTable<Row extends CsvImportRow>({
  report,
  columns,
  changes,
  describe,
}: {
  report: CsvImportReport<Row>;
  columns: CsvImportColumn<Row>[];
  changes: string;
  describe: (row: Row) => string;
}) {
  const refused = report.rows.filter((row) => row.errors.length > 0);
  // Every refused row, else what would change; unchanged rows only make the table longer.
  const shown = refused.length > 0 ? refused : report.rows.filter((row) => row.action !== 'unchanged');
  if (shown.length === 0) return null;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Rows of the file" tabIndex={0}>
      <table className="table table-sm">
        <caption className="text-left font-semibold">
          {refused.length > 0 ? 'Rows that cannot be imported' : `Rows that change ${changes}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            <th scope="col">{refused.length > 0 ? 'Problems' : 'Action'}</th>
          </tr>
        </thead>
        <tbody>
          {shown.slice(0, ROWS_SHOWN).map((row) => (
            <tr key={row.line} data-testid="import-row">
              <th scope="row">{row.line}</th>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
              <td>
                {row.errors.length > 0 ? (
                  <ul className={`list-disc pl-4 ${ERROR_TEXT_CLASS}`}>
                    {row.errors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                ) : (
                  describe(row)
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
 * An 'Import CSV' panel (decision 0107): choose a file → the server's dry run reports what each row would
 * do and every refused row with its problems → 'Import N rows' writes them all, or none. `importer` is the
 * mutation that sends the file.
 */
export function CsvImportPanel<Row extends CsvImportRow>({
  title,
  heading: Heading = 'h3',
  help,
  importer,
  columns,
  changes,
  describe,
  updateWord,
  done,
  failed,
  onClose,
  className = '',
}: {
  title: string;
  /** The heading's level where the panel sits under an h3 of its own page. */
  heading?: 'h3' | 'h4';
  help: ReactNode;
  importer: {
    mutateAsync: (request: { file: File; dryRun: boolean }) => Promise<CsvImportReport<Row>>;
    isPending: boolean;
  };
  columns: CsvImportColumn<Row>[];
  /** What the rows change, for the table's caption: 'the catalogue'. */
  changes: string;
  /** What a row that is not refused will do: 'Add', 'Update: Price'. */
  describe: (row: Row) => string;
  /** The summary's word for an existing row that changes: 'update' or 'change'. */
  updateWord: string;
  /** The message once written: 'Products imported: 1 added, 2 updated'. */
  done: (report: CsvImportReport<Row>) => string;
  /** The start of the message when writing failed: 'Failed to import the products'. */
  failed: string;
  onClose: () => void;
  className?: string;
}) {
  const titleId = useId();
  const pending = importer.isPending;
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CsvImportReport<Row> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    if (!chosen) return;
    try {
      setReport(await importer.mutateAsync({ file: chosen, dryRun: true }));
    } catch (error) {
      setReport(refusedReport<Row>(error));
      setProblem(errorMessage(error, 'The file could not be checked. Please try again.'));
    }
  };

  const write = async () => {
    if (!file || !report) return;
    try {
      toast.success(done(await importer.mutateAsync({ file, dryRun: false })));
      onClose();
    } catch (error) {
      setReport(refusedReport<Row>(error) ?? report);
      toast.error(actionFailed(failed, error));
    }
  };

  const toWrite = report ? report.counts.create + report.counts.update : 0;
  const clean = report !== null && report.counts.refused === 0 && report.fileErrors.length === 0;

  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 ${className}`}
    >
      <Heading id={titleId} className="text-lg font-semibold">
        {title}
      </Heading>
      <p className="text-sm">{help}</p>
      <label className="flex flex-col gap-1 text-sm">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-bordered w-full max-w-md"
          onChange={(event) => void check(event.target.files?.[0] ?? null)}
          disabled={pending}
        />
      </label>
      <div aria-live="polite">
        {pending ? <p>{report ? 'Importing…' : 'Checking the file…'}</p> : null}
        {problem ? (
          <p role="alert" className={ERROR_TEXT_CLASS}>
            {problem}
          </p>
        ) : null}
        {report && !pending ? (
          <p data-testid="import-summary">
            {plural(report.counts.rows, 'row')}: {count(report.counts.create)} to add,{' '}
            {count(report.counts.update)} to {updateWord}, {count(report.counts.unchanged)} unchanged,{' '}
            {count(report.counts.refused)} refused.
            {clean && toWrite === 0 ? ` Nothing to change: every row already matches ${changes}.` : null}
          </p>
        ) : null}
      </div>
      {report ? (
        <ReportTable report={report} columns={columns} changes={changes} describe={describe} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {clean && toWrite > 0 ? (
          <button type="button" className="btn btn-primary" onClick={() => void write()} disabled={pending}>
            Import {plural(toWrite, 'row')}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
