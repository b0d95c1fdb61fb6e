import { useState } from 'react';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { SavedList } from '@forgeline/shared/schemas/company';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { Link } from '@/components/ui/link';
import type { SearchParts } from '@/components/ui/part-combobox';
import { paths } from '@/config/paths';
import { PanelSection } from '@/components/ui/panel-section';
import { formatDay } from '@/lib/format-date';
import { useActionFailure } from '@/lib/use-action-failure';
import { useAddListToCart, useDeleteList, useSavedLists } from '../api/saved-lists';
import { SavedListEditor } from './saved-list-editor';
import { PanelList } from './panel-list';

/** What 'Add all to cart' did: the list's name and the cart as the server answered it. */
type Added = { list: string; cart: Cart };

/** The company's shared part lists: members who order keep them and put a whole list in their cart. */
export const SavedListsPanel = ({ canEdit, searchParts }: { canEdit: boolean; searchParts: SearchParts }) => {
  const lists = useSavedLists();
  const toCart = useAddListToCart();
  const remove = useDeleteList();
  // 'new' for a new list, an id for the list being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const [added, setAdded] = useState<Added | null>(null);
  const { failure, attempt, confirmThen } = useActionFailure();

  const onAddToCart = (list: SavedList) => {
    setAdded(null);
    return attempt(
      async () => setAdded({ list: list.name, cart: await toCart.mutateAsync(list.id) }),
      `${list.name} could not be put in your cart.`,
    );
  };
  const onDelete = (list: SavedList) =>
    confirmThen(
      { button: 'Yes, delete', detail: `The list ${list.name} is deleted for the whole company.` },
      () => remove.mutateAsync(list.id),
      `${list.name} could not be deleted.`,
    );

  return (
    <PanelSection
      id="lists-title"
      title="Saved lists"
      actions={
        canEdit && editing !== 'new' ? (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
            New list
          </button>
        ) : null
      }
    >
      {editing === 'new' ? (
        <SavedListEditor searchParts={searchParts} onDone={() => setEditing(null)} />
      ) : null}
      {added ? <AddedNote added={added} /> : null}
      <PanelList
        query={lists}
        subject="the lists"
        emptyText="No saved list yet."
        failure={failure}
        failureTestId="lists-error"
        className="flex flex-col gap-3"
        itemKey={(list) => list.id}
        itemTestId="saved-list"
        itemClassName="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
        editing={editing}
        renderEditor={(list) => (
          <SavedListEditor list={list} searchParts={searchParts} onDone={() => setEditing(null)} />
        )}
        renderItem={(list) => (
          <>
            <span className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold break-words">{list.name}</span>
              <span className="text-xs text-base-content/80">
                {list.lines.length} {list.lines.length === 1 ? 'part' : 'parts'} · {list.createdBy} · updated{' '}
                {formatDay(list.updatedAt)}
              </span>
            </span>
            <ul className="text-sm">
              {list.lines.map((line) => (
                <li key={line.productId} className="break-words">
                  {line.sku ? <span className="font-mono">{line.sku}</span> : null}
                  {line.customerPartNumber ? (
                    <span className="font-mono"> (your {line.customerPartNumber})</span>
                  ) : null}{' '}
                  {line.name} × {line.quantity}
                </li>
              ))}
            </ul>
            {canEdit ? (
              <span className="flex flex-wrap gap-1">
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={toCart.isPending || list.lines.length === 0}
                  onClick={() => void onAddToCart(list)}
                >
                  Add all to cart
                </button>
                <EditDeleteButtons
                  name={list.name}
                  onEdit={() => setEditing(list.id)}
                  onDelete={() => void onDelete(list)}
                  deleting={remove.isPending}
                />
              </span>
            ) : null}
          </>
        )}
      />
    </PanelSection>
  );
};

/** What went in, what the quick-order rules skipped and why, and the way to the cart. */
const AddedNote = ({ added: { list, cart } }: { added: Added }) => (
  <div role="status" className="rounded-box border border-base-300 bg-base-100 p-3" data-testid="list-added">
    <p>
      {list} is in your cart ({cart.count} {cart.count === 1 ? 'line' : 'lines'} in the cart now).{' '}
      <Link to={paths.cart.getHref()} className="link link-primary">
        Go to the cart
      </Link>
    </p>
    {cart.skipped?.length ? (
      <>
        <p className="mt-2 font-semibold">Not added:</p>
        <ul className="list-inside list-disc text-sm" data-testid="list-skipped">
          {cart.skipped.map((line) => (
            <li key={line.index}>
              {line.input}: {line.message}
            </li>
          ))}
        </ul>
      </>
    ) : null}
  </div>
);
