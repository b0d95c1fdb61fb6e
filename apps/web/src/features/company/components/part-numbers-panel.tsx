import { lazy, Suspense, useState } from 'react';
import type { PartNumber } from '@forgeline/shared/schemas/part-numbers';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { PanelSection } from '@/components/ui/panel-section';
import { useActionFailure } from '@/lib/use-action-failure';
import { PART_NUMBERS_CSV_URL, usePartNumbers, useRemovePartNumber } from '../api/part-numbers';
import { PartNumberForm } from './part-number-form';
import { PanelList } from './panel-list';

// The import is loaded only when opened.
const PartNumbersImport = lazy(() => import('./part-numbers-import'));

/**
 * The company's own part numbers (decision 0218): every member reads them and may order by them (quick
 * order, the cart); the company admin adds, changes and removes them, one at a time or by a CSV file.
 */
export const PartNumbersPanel = ({ canEdit }: { canEdit: boolean }) => {
  const mappings = usePartNumbers();
  const remove = useRemovePartNumber();
  // 'new' for the add form, 'import' for the file, a product id for the mapping being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const { failure, confirmThen } = useActionFailure();

  const onRemove = (mapping: PartNumber) =>
    confirmThen(
      {
        button: 'Yes, remove',
        detail: `${mapping.customerPartNumber} will no longer find ${mapping.sku} in quick order.`,
      },
      () => remove.mutateAsync(mapping.productId),
      `${mapping.customerPartNumber} could not be removed.`,
    );

  return (
    <PanelSection
      id="part-numbers-title"
      title="Your part numbers"
      actions={
        <div className="flex flex-wrap gap-2">
          <a href={PART_NUMBERS_CSV_URL} download className="btn btn-sm btn-outline">
            Export CSV
          </a>
          {canEdit ? (
            <>
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing('import')}>
                Import CSV
              </button>
              <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
                Add a part number
              </button>
            </>
          ) : null}
        </div>
      }
    >
      <p className="text-sm text-base-content/80">
        Your own numbers for our parts, as your ERP knows them. Buyers can type either number in quick order;
        yours is printed beside ours on orders and invoices.
      </p>
      {editing === 'new' ? <PartNumberForm onDone={() => setEditing(null)} /> : null}
      {editing === 'import' ? (
        <Suspense fallback={<p>Loading the import…</p>}>
          <PartNumbersImport onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <PanelList
        query={mappings}
        subject="your part numbers"
        emptyText="No part numbers of your own yet."
        failure={failure}
        failureTestId="part-numbers-error"
        className="flex flex-col gap-2"
        label="Your part numbers"
        itemKey={(mapping) => mapping.productId}
        itemTestId="part-number"
        itemClassName="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-box border border-base-300 bg-base-100 px-4 py-3"
        editing={editing}
        renderEditor={(mapping) => <PartNumberForm mapping={mapping} onDone={() => setEditing(null)} />}
        renderItem={(mapping) => (
          <>
            <span className="min-w-0 flex-1 basis-64">
              <span className="block font-mono font-semibold break-words">{mapping.customerPartNumber}</span>
              <span className="block text-sm text-base-content/80">
                Our <span className="font-mono break-words">{mapping.sku}</span> · {mapping.productName}
              </span>
            </span>
            {canEdit ? (
              <span className="flex gap-1">
                <EditDeleteButtons
                  name={mapping.customerPartNumber}
                  onEdit={() => setEditing(mapping.productId)}
                  onDelete={() => void onRemove(mapping)}
                  deleting={remove.isPending}
                  deleteWord="Remove"
                />
              </span>
            ) : null}
          </>
        )}
      />
    </PanelSection>
  );
};
