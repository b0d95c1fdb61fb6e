import { useState } from 'react';
import { formatPrice } from '@forgeline/shared/money';
import type { PriceListDetail, PriceListItem } from '@forgeline/shared/schemas/price-list';
import { DataTable } from '@/components/ui/data-table';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { priceListCsvHref, useRemoveItem, useSetItem } from '../api/price-lists';
import { formatBreaks } from '../breaks';
import { ItemForm } from './item-form';

const priceWords = (list: PriceListDetail, item: PriceListItem) =>
  item.price !== null
    ? `$ ${formatPrice(item.price)}`
    : list.percentOff !== null
      ? `${list.percentOff} % off`
      : 'No rule: list price';

/** The parts a list names: its own price and breaks, or its rule; add, edit, remove; CSV out and in. */
export const PriceListItems = ({ list, onImport }: { list: PriceListDetail; onImport: () => void }) => {
  const setItem = useSetItem(list.id);
  const removeItem = useRemoveItem(list.id);
  const [editing, setEditing] = useState<PriceListItem | 'new' | null>(null);
  const remove = async (item: PriceListItem) => {
    if (!(await confirmDialog(`Remove ${item.sku}`))) return;
    try {
      await removeItem.mutateAsync(item.productId);
      toast.success(`${item.sku} is off ${list.name}`);
    } catch (error) {
      toast.error(actionFailed('Failed to remove the part', error));
    }
  };
  return (
    <section aria-labelledby="price-list-items" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="price-list-items" className="text-lg font-bold">
          Parts ({list.items.length})
        </h3>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            Add a part
          </button>
          <a className="btn btn-ghost btn-sm" href={priceListCsvHref(list.id)} download>
            Export CSV
          </a>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onImport}>
            Import CSV
          </button>
        </div>
      </div>
      {editing ? (
        <ItemForm
          key={editing === 'new' ? 'new' : editing.productId}
          {...(editing !== 'new' && { item: editing })}
          save={(body) => setItem.mutateAsync(body)}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {list.items.length === 0 ? (
        <p className="text-sm text-base-content/75">
          {list.percentOff !== null && list.ruleScope === 'all'
            ? `No parts named: ${list.percentOff} % off prices every part.`
            : 'No parts yet.'}
        </p>
      ) : (
        <DataTable
          label="Parts of the price list"
          stackBelow="2xl"
          compact
          columns={['Part number', 'Name', 'List price', 'Price', 'Breaks', { srOnly: 'Actions' }]}
          rows={list.items}
          renderRow={(item) => (
            <tr key={item.productId} data-testid="price-list-item">
              <th scope="row" data-label="Part number" className="font-mono">
                {item.sku}
              </th>
              <td data-label="Name">{item.name}</td>
              <td data-label="List price">$ {formatPrice(item.listPrice)}</td>
              <td data-label="Price">{priceWords(list, item)}</td>
              <td data-label="Breaks" className="font-mono text-xs">
                {formatBreaks(item.tiers) || '—'}
              </td>
              <td className="flex flex-wrap gap-1">
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(item)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  onClick={() => void remove(item)}
                >
                  Remove
                </button>
              </td>
            </tr>
          )}
        />
      )}
    </section>
  );
};
