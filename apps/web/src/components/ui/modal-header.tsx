import type { ReactNode } from 'react';

/** The top of a modal: its heading (which names the dialog through `id`) and the ✕ that closes it. */
export const ModalHeader = ({
  id,
  className,
  titleClassName,
  onClose,
  children,
}: {
  id: string;
  /** Spacing under the header. */
  className: string;
  titleClassName: string;
  onClose: () => void;
  children: ReactNode;
}) => (
  <div className={`flex items-start justify-between gap-4 ${className}`}>
    <h3 id={id} className={titleClassName}>
      {children}
    </h3>
    <button type="button" className="btn btn-sm btn-circle btn-ghost" onClick={onClose} aria-label="Close">
      ✕
    </button>
  </div>
);

/** The area around a modal's box: a click there closes the dialog (the native `method="dialog"` form). */
export const ModalBackdrop = () => (
  <form method="dialog" className="modal-backdrop">
    <button type="submit" aria-label="Close the dialog">
      close
    </button>
  </form>
);
