import { LIMITS } from '@forgeline/shared/constants';
import type { ProductImportRow } from '@forgeline/shared/schemas/product-import';
import { CsvImportPanel } from '@/components/ui/csv-import-panel';
import { useImportProducts } from '../api/import-products';

const ACTION_WORDS: Record<ProductImportRow['action'], string> = {
  create: 'Add',
  update: 'Update',
  unchanged: 'Unchanged',
};

const COLUMNS = [
  {
    header: 'Part number',
    cell: (row: ProductImportRow) => <span className="font-mono">{row.sku || '—'}</span>,
  },
  { header: 'Name', cell: (row: ProductImportRow) => row.name || '—' },
];

/** Manage Products' 'Import CSV' (decision 0107), loaded only when opened. */
const ImportProductsPanel = ({ onClose }: { onClose: () => void }) => (
  <CsvImportPanel<ProductImportRow>
    title="Import products from CSV"
    help={
      <>
        The columns of Export CSV, with its header row. A row whose part number exists updates that product;
        any other adds one. Nothing is written until every row is right. At most{' '}
        {LIMITS.productImportBytesMax / 1024 / 1024} MB and {LIMITS.productImportRowsMax.toLocaleString('en')}{' '}
        rows.
      </>
    }
    importer={useImportProducts()}
    columns={COLUMNS}
    changes="the catalogue"
    describe={(row) =>
      `${ACTION_WORDS[row.action]}${row.changes.length > 0 ? `: ${row.changes.join(', ')}` : ''}`
    }
    updateWord="update"
    done={({ counts }) =>
      `Products imported: ${counts.create.toLocaleString('en')} added, ${counts.update.toLocaleString('en')} updated`
    }
    failed="Failed to import the products"
    onClose={onClose}
    className="mb-6"
  />
);

export default ImportProductsPanel;
