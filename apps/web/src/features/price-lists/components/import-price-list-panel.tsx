import type { PriceListImportRow } from '@forgeline/shared/schemas/price-list';
import { CsvImportPanel } from '@/components/ui/csv-import-panel';
import { useImportPriceList } from '../api/price-lists';

const ACTION_WORDS: Record<PriceListImportRow['action'], string> = {
  create: 'Add',
  update: 'Change',
  unchanged: 'Unchanged',
};

const COLUMNS = [
  {
    header: 'Part number',
    cell: (row: PriceListImportRow) => <span className="font-mono">{row.sku || '—'}</span>,
  },
  { header: 'Name', cell: (row: PriceListImportRow) => row.name || '—' },
];

/** A list's 'Import CSV', as Manage Products' (decision 0107). */
const ImportPriceListPanel = ({ listId, onClose }: { listId: string; onClose: () => void }) => (
  <CsvImportPanel<PriceListImportRow>
    title="Import parts from CSV"
    help="The columns of Export CSV: Part number, Name (not read), Price (empty: the list’s percentage applies) and Price breaks (10:4.50;50:4.00). Parts of the list the file does not name stay as they are. Nothing is written until every row is right."
    importer={useImportPriceList(listId)}
    columns={COLUMNS}
    changes="the list"
    describe={(row) => ACTION_WORDS[row.action]}
    updateWord="change"
    done={({ counts }) => `Parts imported: ${counts.create} added, ${counts.update} changed`}
    failed="Failed to import the parts"
    onClose={onClose}
  />
);

export default ImportPriceListPanel;
