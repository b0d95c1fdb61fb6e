import { DANGER_BUTTON_CLASS } from './alert';

/**
 * The Edit and Delete (or Remove) buttons of an item in a list, each named after the item for a screen
 * reader ('Edit Main works'); the second stays disabled while a deletion is under way.
 */
export const EditDeleteButtons = ({
  name,
  onEdit,
  onDelete,
  deleting,
  deleteWord = 'Delete',
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  deleteWord?: 'Delete' | 'Remove';
}) => (
  <>
    <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${name}`} onClick={onEdit}>
      Edit
    </button>
    <button
      type="button"
      className={DANGER_BUTTON_CLASS}
      aria-label={`${deleteWord} ${name}`}
      disabled={deleting}
      onClick={onDelete}
    >
      {deleteWord}
    </button>
  </>
);
