import { useEffect, useRef, type ReactNode } from 'react';

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

/**
 * A modal `<dialog>` shown while `open`, named by its heading: the header with its ✕, the box's content and
 * the backdrop. Escape, the ✕ and the backdrop all end in `onClose`.
 */
export const ModalDialog = ({
  open,
  titleId,
  title,
  headerClassName,
  titleClassName,
  boxClassName,
  onClose,
  children,
}: {
  open: boolean;
  titleId: string;
  title: ReactNode;
  headerClassName: string;
  titleClassName: string;
  /** The box's width, e.g. max-w-md. */
  boxClassName: string;
  onClose: () => void;
  children: ReactNode;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className={`modal-box ${boxClassName}`}>
        <ModalHeader
          id={titleId}
          className={headerClassName}
          titleClassName={titleClassName}
          onClose={onClose}
        >
          {title}
        </ModalHeader>
        {children}
      </div>
      <ModalBackdrop />
    </dialog>
  );
};
