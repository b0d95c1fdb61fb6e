import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { ListQueryState, type LoadingWords, type QueryLike } from '@/components/ui/query-state';

type PanelListProps<T> = LoadingWords & {
  query: QueryLike<T[]>;
  /** The sentence of an empty list. */
  emptyText: string;
  /** What the last action on an item (delete, resend) failed with. */
  failure: string | null;
  failureTestId: string;
  /** The list's classes (its grid) and, when it needs one, its name for screen readers. */
  className: string;
  label?: string;
  itemKey: (item: T) => string;
  itemTestId: string;
  itemClassName: string;
  renderItem: (item: T) => ReactNode;
  /** The key of the item being edited, shown as `renderEditor`'s form in its place. */
  editing?: string | null;
  renderEditor?: (item: T) => ReactNode;
  editorClassName?: string;
};

/**
 * The list of a company panel (addresses, part numbers, saved lists, invitations): the failure of the
 * last action on an item, the loading, error and empty states, then one card per item, or its editing
 * form in place of the card while it is edited.
 */
export const PanelList = <T,>({
  query,
  emptyText,
  failure,
  failureTestId,
  className,
  label,
  itemKey,
  itemTestId,
  itemClassName,
  renderItem,
  editing,
  renderEditor,
  editorClassName,
  ...words
}: PanelListProps<T>) => (
  <>
    <Alert data-testid={failureTestId}>{failure}</Alert>
    <ListQueryState query={query} {...words} empty={<p>{emptyText}</p>}>
      {(list) => (
        <ul className={className} aria-label={label}>
          {list.map((item) => {
            const key = itemKey(item);
            return renderEditor && editing === key ? (
              <li key={key} className={editorClassName}>
                {renderEditor(item)}
              </li>
            ) : (
              <li key={key} data-testid={itemTestId} className={itemClassName}>
                {renderItem(item)}
              </li>
            );
          })}
        </ul>
      )}
    </ListQueryState>
  </>
);
