import { LIMITS } from '@forgeline/shared/constants';
import type { PartNumberImportRow } from '@forgeline/shared/schemas/part-numbers';
import { CsvImportPanel } from '@/components/ui/csv-import-panel';
import { useImportPartNumbers } from '../api/part-numbers';

const ACTION_WORDS = { create: 'Add', update: 'Change', unchanged: 'Unchanged' } as const;

const COLUMNS = [
  {
    header: 'Your number',
    cell: (row: PartNumberImportRow) => (
      <span className="font-mono break-words">{row.customerPartNumber || '—'}</span>
    ),
  },
  {
    header: 'Our number',
    cell: (row: PartNumberImportRow) => <span className="font-mono break-words">{row.sku || '—'}</span>,
  },
];

/** 'Import CSV' of the company's own part numbers, as Manage Products' (decision 0107). */
const PartNumbersImport = ({ onClose }: { onClose: () => void }) => (
  <CsvImportPanel<PartNumberImportRow>
    title="Import part numbers from CSV"
    heading="h4"
    help={
      <>
        Columns &lsquo;Customer part number&rsquo; and &lsquo;Part number&rsquo; (ours), with a header row, as
        Export CSV writes them. Each row sets the number of one of our parts; numbers not in the file stay.
        Nothing is saved until every row is right. At most {LIMITS.partNumberImportBytesMax / 1024 / 1024} MB
        and {LIMITS.partNumberImportRowsMax.toLocaleString('en')} rows.
      </>
    }
    importer={useImportPartNumbers()}
    columns={COLUMNS}
    changes="your part numbers"
    describe={(row) =>
      `${ACTION_WORDS[row.action]}${row.previous && row.action === 'update' ? ` (was ${row.previous})` : ''}`
    }
    updateWord="change"
    done={({ counts }) => `Part numbers imported: ${counts.create} added, ${counts.update} changed`}
    failed="Failed to import the part numbers"
    onClose={onClose}
  />
);

export default PartNumbersImport;
