/** A part line's Remove, at the foot of its row; named by the line's number for screen readers. */
export const RemovePartButton = ({
  index,
  disabled,
  onRemove,
}: {
  /** The line's place in the list, from 0. */
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) => (
  <div className="flex items-end">
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={disabled}
      aria-label={`Remove part ${index + 1}`}
      onClick={onRemove}
    >
      Remove
    </button>
  </div>
);

/** The 'Add another part' under a list of part lines. */
export const AddPartButton = ({ disabled, onAdd }: { disabled: boolean; onAdd: () => void }) => (
  <button type="button" className="btn btn-outline btn-sm self-start" disabled={disabled} onClick={onAdd}>
    Add another part
  </button>
);
